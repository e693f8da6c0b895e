import type { Lang } from '@padhub/contracts';
import { archiveTexts } from './archive-texts.ts';
import type { ArchiveData } from './archive-data.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function section(title: string, items: string[], none: string): string {
  const body = items.length === 0 ? `<p>${escape(none)}</p>` : `<ul>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;
  return `<section><h2>${escape(title)} (${items.length})</h2>\n${body}</section>`;
}

const when = (iso: string) => `<time datetime="${escape(iso)}">${escape(iso.slice(0, 16).replace('T', ' '))}</time>`;

/** The archive's page for people (docs/privacy.md, "What the archive holds"): what the JSON files hold, readable in a browser, offline. */
export function indexHtml(data: ArchiveData, lang: Lang, madeAt: Date): string {
  const t = archiveTexts[lang];
  const people = (rows: { username: string; since: string }[]) => rows.map((r) => `@${escape(r.username)} · ${when(r.since)}`);
  const profile = data.account.profile;
  const sections = [
    section(t.profile, [`@${escape(profile.username)}`, escape(profile.nickname), escape(data.people.bio), when(profile.createdAt)].filter((s) => s !== ''), t.none),
    section(
      t.posts,
      data.community.posts.map((p) => {
        const files = p.media.map((m) => (m.file ? `<a href="${escape(m.file)}">${escape(m.file)}</a>` : '')).join(' ');
        return `${when(p.createdAt)}<p>${escape(p.content)}</p>${files}`;
      }),
      t.none,
    ),
    section(t.comments, data.community.comments.map((c) => `${when(c.createdAt)} · ${escape(t.onPost)} ${escape(c.post.id)}${c.post.excerpt ? ` (${escape(c.post.excerpt)})` : ''}<p>${escape(c.content)}</p>`), t.none),
    section(t.likes, data.community.likes.map((l) => `${escape(l.postId)} · ${when(l.createdAt)}`), t.none),
    section(t.favourites, data.community.favourites.map((l) => `${escape(l.postId)} · ${when(l.createdAt)}`), t.none),
    section(t.following, people(data.people.following), t.none),
    section(t.followers, people(data.people.followers), t.none),
    section(t.blocks, people(data.safety.blocks), t.none),
    section(t.blacklist, people(data.safety.blacklist), t.none),
    section(t.configs, data.configs.map((c) => `${escape(c.name)} · ${escape(c.model)} · ${escape(c.kind)}${c.game ? ` · ${escape(c.game)}` : ''}`), t.none),
    section(t.notifications, Object.entries(data.notificationSettings).map(([type, s]) => `${escape(type)}: inbox ${s.inbox ? '✓' : '✗'} · push ${s.push ? '✓' : '✗'}`), t.none),
    section(t.sessions, data.account.sessions.map((s) => `${when(s.createdAt)} · ${escape(s.device ?? s.userAgent ?? '')}${s.network ? ` · ${escape(s.network)}` : ''}`), t.none),
  ];
  return `<!doctype html>
<html lang="${lang === 'cn' ? 'zh-CN' : lang === 'jp' ? 'ja' : lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem}li{margin:.5rem 0}p{margin:.25rem 0;white-space:pre-wrap}</style></head>
<body>
<h1>${escape(t.title)}</h1>
<p>${escape(t.intro)}</p>
<p>${escape(t.made)} ${when(madeAt.toISOString())}</p>
<p>${escape(t.files)} ${escape(t.configsHint)}</p>
${sections.join('\n')}
</body>
</html>
`;
}
