import { describe, expect, it } from 'vitest';
import { CommandError, parseAdminArgs, UsageError } from './admin-args.ts';

describe('parseAdminArgs', () => {
  it('reads grant, revoke, plan and list, with an optional --reason', () => {
    expect(parseAdminArgs(['grant', 'ada@example.com'])).toEqual({ name: 'grant', email: 'ada@example.com', reason: null });
    expect(parseAdminArgs(['grant', 'ada@example.com', '--reason', 'founder'])).toEqual({ name: 'grant', email: 'ada@example.com', reason: 'founder' });
    expect(parseAdminArgs(['revoke', '--reason=left', 'ada@example.com'])).toEqual({ name: 'revoke', email: 'ada@example.com', reason: 'left' });
    expect(parseAdminArgs(['plan', 'ada@example.com', 'side-hustle'])).toEqual({ name: 'plan', email: 'ada@example.com', planId: 'side-hustle', reason: null });
    expect(parseAdminArgs(['list'])).toEqual({ name: 'list' });
    expect(parseAdminArgs(['flag', 'customDomains', 'on'])).toEqual({ name: 'flag', flag: 'customDomains', enabled: true, reason: null });
    expect(parseAdminArgs(['email-resume', 'cozy', '--reason', 'cleaned'])).toEqual({ name: 'email-resume', slug: 'cozy', reason: 'cleaned' });
    expect(parseAdminArgs(['analytics-rebuild', 'cozy'])).toEqual({ name: 'analytics-rebuild', slug: 'cozy' });
    expect(parseAdminArgs(['reset-2fa', 'ada@example.com', '--reason', ' lost phone '])).toEqual({ name: 'reset-2fa', email: 'ada@example.com', reason: 'lost phone' });
    expect(parseAdminArgs(['flag', 'multiStore', 'off', '--reason', 'one store each'])).toEqual({ name: 'flag', flag: 'multiStore', enabled: false, reason: 'one store each' });
    expect(parseAdminArgs(['--help'])).toEqual({ name: 'help' });
  });

  it('reads backup <file> and restore <file> with an optional --force', () => {
    expect(parseAdminArgs(['backup', 'shop.backup'])).toEqual({ name: 'backup', file: 'shop.backup' });
    expect(parseAdminArgs(['restore', 'shop.backup'])).toEqual({ name: 'restore', file: 'shop.backup', force: false });
    expect(parseAdminArgs(['restore', '--force', 'shop.backup'])).toEqual({ name: 'restore', file: 'shop.backup', force: true });
  });

  it.each([
    [[], 'Missing command'],
    [['promote', 'ada@example.com'], 'Unknown command "promote"'],
    [['grant'], 'grant takes <email>'],
    [['grant', 'a@example.com', 'b@example.com'], 'grant takes <email>'],
    [['plan', 'ada@example.com'], 'plan takes <email> <plan>'],
    [['list', 'extra'], 'list takes no arguments'],
    [['flag', 'customDomains'], 'flag takes <name> <on|off>'],
    [['email-resume'], 'email-resume takes <store-slug>'],
    [['analytics-rebuild'], 'analytics-rebuild takes <store-slug>'],
    [['reset-2fa', '--reason', 'lost phone'], 'reset-2fa takes <email>'],
    [['reset-2fa', 'ada@example.com'], 'reset-2fa needs --reason'],
    [['reset-2fa', 'ada@example.com', '--reason', '  '], 'reset-2fa needs --reason'],
    [['analytics-rebuild', 'cozy', '--reason', 'x'], 'analytics-rebuild takes no --reason'],
    [['flag', 'customDomains', 'yes'], 'flag takes on or off, not "yes"'],
    [['flag', 'customDomains', 'ON'], 'flag takes on or off, not "ON"'],
    [['grant', 'ada@example.com', '--force'], "Unknown option '--force'"],
    [['backup'], 'backup takes <file>'],
    [['backup', 'a.backup', '--force'], "Unknown option '--force'"],
    [['restore', 'a.backup', 'b.backup'], 'restore takes <file>'],
    [['restore', 'a.backup', '--reason', 'why'], 'restore takes no --reason'],
  ])('refuses %j as a usage mistake', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(UsageError);
    expect(() => parseAdminArgs(argv)).toThrow(message);
  });

  it('reads maintenance on|off with --message, --ends-at and --reason', () => {
    expect(parseAdminArgs(['maintenance', 'on', '--message', ' Back at noon. ', '--ends-at', '2030-01-01T12:00:00Z', '--reason', 'upgrade'])).toEqual({
      name: 'maintenance',
      enabled: true,
      message: 'Back at noon.',
      endsAt: new Date('2030-01-01T12:00:00Z'),
      reason: 'upgrade',
    });
    expect(parseAdminArgs(['maintenance', 'off'])).toEqual({ name: 'maintenance', enabled: false, message: null, endsAt: null, reason: null });
  });

  it.each([
    [['maintenance'], 'maintenance takes <on|off>'],
    [['maintenance', 'yes'], 'maintenance takes on or off, not "yes"'],
    [['maintenance', 'off', '--message', 'x'], 'maintenance off takes no --message or --ends-at'],
    [['maintenance', 'on', '--message', 'x', '--ends-at', 'tomorrow'], '--ends-at is not a date and time: "tomorrow"'],
    [['flag', 'customDomains', 'on', '--message', 'x'], 'Only maintenance takes --message and --ends-at'],
  ])('refuses %j as a usage mistake', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(UsageError);
    expect(() => parseAdminArgs(argv)).toThrow(message);
  });

  it('refuses an unknown plan by naming the valid ones', () => {
    expect(() => parseAdminArgs(['plan', 'ada@example.com', 'enterprise'])).toThrow(CommandError);
    expect(() => parseAdminArgs(['plan', 'ada@example.com', 'enterprise'])).toThrow('Unknown plan "enterprise". Plans: free, side-hustle, creator, boss.');
  });

  it('refuses an unknown flag by naming the valid ones', () => {
    expect(() => parseAdminArgs(['flag', 'customdomains', 'on'])).toThrow(CommandError);
    expect(() => parseAdminArgs(['flag', 'customdomains', 'on'])).toThrow(
      'Unknown flag "customdomains". Flags: websiteBuilder, affiliateProgram, advancedAnalytics, multiStore, customDomains.',
    );
  });
});
