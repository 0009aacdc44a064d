import { AppError, COURSE_MESSAGES as M, ID_PREFIXES, isWellFormedId, MESSAGES } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { renderCertificatePdf } from '#src/domain/courses/certificate/certificate-pdf.ts';
import { loadCourseCertificate } from '#src/domain/courses/certificate/course-certificate.ts';
import { attachmentDisposition } from '#src/domain/delivery/attachment-disposition.ts';
import { resolveCustomerCaller } from '#src/http/callable/resolve-caller.ts';

/**
 * `GET /api/stores/:storeId/members/courses/:productId/certificate.pdf` (courseCertificatePath):
 * the signed-in student's certificate of completion, made on request (nothing is stored). The
 * members-area session of that store only; another store's or student's course, a refunded or a
 * missing one answer the same 404; switched off or not complete, 400 with the reason.
 */
export async function certificateRoute(app: FastifyInstance, options: { db: Database; now: () => Date }): Promise<void> {
  const { db } = options;
  app.get<{ Params: { storeId: string; productId: string } }>('/api/stores/:storeId/members/courses/:productId/certificate.pdf', async (request, reply) => {
    const { storeId, productId } = request.params;
    if (!isWellFormedId(storeId, ID_PREFIXES.store) || !isWellFormedId(productId, ID_PREFIXES.product)) throw new AppError('not-found', M.courseNotFound);
    const caller = await resolveCustomerCaller(request, { db, now: options.now }, storeId);
    if (caller?.kind !== 'customer') throw new AppError('unauthenticated', MESSAGES.generic.unauthenticated);
    const certificate = await loadCourseCertificate(db, { storeId, customerId: caller.customerId, productId, now: options.now() });
    const pdf = await renderCertificatePdf(certificate);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`Certificate - ${certificate.courseTitle}.pdf`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf));
  });
}
