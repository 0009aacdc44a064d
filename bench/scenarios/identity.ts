import { signUpCreator } from '../lib/creator.ts';
import type { Scenario } from './types.ts';

/**
 * Sign-in throughput (bound by argon2id at m=19 MiB, t=2) and getCurrentUser with a
 * Bearer session (one indexed session lookup), each against nginx serving the same reply bytes.
 */
export const identity: Scenario = {
  name: 'identity',
  sharedServer: true,
  async run({ server, nginx, measure }) {
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password-4821';
    await signUpCreator(server.url, server.publicUrl, email, password);

    const signInBody = JSON.stringify({ data: { email, password } });
    const signInHeaders = { 'content-type': 'application/json', origin: server.publicUrl };
    const signedIn = await fetch(`${server.url}/fn/signInWithPassword`, { method: 'POST', headers: signInHeaders, body: signInBody });
    const signInReply = await signedIn.text();
    if (!signedIn.ok) throw new Error(`signInWithPassword answered ${signedIn.status}: ${signInReply}`);
    const token = (JSON.parse(signInReply) as { result: { idToken: string } }).result.idToken;

    const userHeaders = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const userBody = JSON.stringify({ data: {} });
    const userReply = await (await fetch(`${server.url}/fn/getCurrentUser`, { method: 'POST', headers: userHeaders, body: userBody })).text();

    const ref = await nginx([
      { path: '/sign-in.json', body: signInReply, contentType: 'application/json' },
      { path: '/current-user.json', body: userReply, contentType: 'application/json' },
    ]);
    const samples = await measure([
      // The throttle counts attempts in flight before checking them (SECURITY: parallel guesses
      // cannot slip past 5), so one account is signed in over 4 connections; argon2 still fills
      // both cores.
      { label: 'signInWithPassword', url: `${server.url}/fn/signInWithPassword`, method: 'POST', headers: signInHeaders, body: signInBody, connections: 4 },
      ...(ref ? [{ label: 'nginx sign-in bytes', url: `${ref.url}/sign-in.json` }] : []),
      { label: 'getCurrentUser', url: `${server.url}/fn/getCurrentUser`, method: 'POST', headers: userHeaders, body: userBody },
      ...(ref ? [{ label: 'nginx user bytes', url: `${ref.url}/current-user.json` }] : []),
    ]);
    await ref?.stop();
    return {
      title: 'Identity (sign-in creates a session per request; getCurrentUser reads one)',
      rows: [
        { label: 'POST signInWithPassword (4 connections)', sample: samples.get('signInWithPassword')!, reference: samples.get('nginx sign-in bytes') ?? null },
        { label: 'POST getCurrentUser (Bearer)', sample: samples.get('getCurrentUser')!, reference: samples.get('nginx user bytes') ?? null },
      ],
    };
  },
};
