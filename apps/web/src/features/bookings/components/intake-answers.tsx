import { BOOKING_LIMITS } from '@shopfront/core/booking-limits';
import type { CallQuestion } from '../api/open-slots-request.ts';

/** The server's limit on one answer (core's zod-free subpath: the storefront form carries no zod). */
export const ANSWER_MAX = BOOKING_LIMITS.answerMax;

/** Required answers given, none too long; the answers trimmed, empty ones left out. */
export function validateAnswers(questions: CallQuestion[], answers: Record<string, string>): { answers: Record<string, string>; errors: Record<string, string>; firstInvalid: string | null } {
  const kept: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const value = (answers[question.id] ?? '').trim();
    if (question.required && !value) errors[question.id] = `Please answer: ${question.label}`;
    else if (value.length > ANSWER_MAX) errors[question.id] = `Answers can be at most ${ANSWER_MAX} characters.`;
    else if (value) kept[question.id] = value;
  }
  return { answers: kept, errors, firstInvalid: questions.find((question) => errors[question.id])?.id ?? null };
}

/** The call's questions as fields, in the storefront's checkout style. */
export function IntakeAnswers({
  idPrefix,
  questions,
  answers,
  errors,
  onChange,
}: {
  idPrefix: string;
  questions: CallQuestion[];
  answers: Record<string, string>;
  errors: Record<string, string>;
  onChange: (questionId: string, value: string) => void;
}) {
  return (
    <fieldset className="sf-book-questions">
      <legend className="sf-book-legend">A few questions</legend>
      {questions.map((question) => {
        const id = `${idPrefix}${question.id}`;
        const error = errors[question.id];
        const common = {
          id,
          value: answers[question.id] ?? '',
          maxLength: ANSWER_MAX,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          'aria-required': question.required || undefined,
          onChange: (event: { target: { value: string } }) => onChange(question.id, event.target.value),
        };
        return (
          <div key={question.id} className="sf-field">
            <label htmlFor={id}>
              {question.label}
              {question.required ? null : <span className="sf-field-hint"> (optional)</span>}
            </label>
            {question.kind === 'long-text' ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
            {error ? (
              <p className="sf-field-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
