import type { LegalDocument } from '@/features/legal/document.ts';

const document: LegalDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-29',
  intro:
    'This policy explains what Padhub stores about you, why, for how long, who can see it, and what you can do about it. In this policy, “we” means the organisation (the controller brand) that runs the Padhub community you use, together with the Padhub service it runs on.',
  sections: [
    {
      heading: 'Who is responsible',
      paragraphs: [
        'Each Padhub community belongs to one organisation. The organisation that runs the community where you created your account decides how your data in that community is used and is responsible for it. Padhub runs the service on its behalf.',
        'An account belongs to one community. Your data in one organisation’s community is not shared with other organisations that use Padhub.',
        'For any privacy question or request, write to privacy@padhub.example.',
      ],
      links: [
        { text: 'Open the “Your data” page', to: 'userData' },
        { text: 'Read “Your data at Padhub” in full (in English)', to: 'privacyFull' },
      ],
    },
    {
      heading: 'What we store',
      paragraphs: [
        'Account: your username, password, nickname and avatar. Your password is never stored in readable form; we keep only a hash of it, which lets us check the password when you sign in.',
        'What you create: your posts, comments and replies, the pictures and videos you upload, and the controller configurations (macros and button mappings) you share.',
        'What you do: the likes and favourites you give, the reports you file, and the users you block or blacklist.',
        'Technical data: when you sign in, your device receives a session token; the server keeps only a hash of it, together with when it was last used. To limit abuse, we count sign-in and registration attempts per IP address and per account.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To run your account: to register you, sign you in and keep you signed in, and show your nickname and avatar next to what you post.',
        'To provide the community: to show posts, comments, likes and favourites, to let other users apply the configurations you share, and to respect the blocks and blacklists you set.',
        'To keep Padhub safe: to slow down password guessing and mass registration, to handle reports, and to let moderators hide content or ban accounts that break the rules.',
        'We do not sell your data, and we do not build advertising profiles from it.',
      ],
    },
    {
      heading: 'Who can see what',
      paragraphs: [
        'Other users of your community can see your username, nickname and avatar, and the posts, comments, pictures, videos and configurations you publish, together with how many likes they have.',
        'Your favourites, the reports you file and the users you block or blacklist are not shown to other users.',
        'The organisation’s moderators can see reports, reported content and hidden content. Every moderation action, such as hiding a post or banning a user, is logged with who took it and when.',
        'We disclose data to authorities only when the law requires us to.',
      ],
    },
    {
      heading: 'Where your data is kept',
      paragraphs: [
        'Account data, content and logs are kept in our database. The pictures and videos you upload are kept in S3-compatible object storage, which may be provided by a hosting or cloud company.',
        'These providers store and process data only on our instructions and only to run Padhub, and they are bound by contract to keep it confidential and secure.',
        'The shop takes you to an external store; what you do there, including payment, is handled by that store under its own privacy policy. When you apply a configuration, it is handed to the controller app on your device, which has its own terms.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data and content are kept for as long as your account exists, or until the content is removed. The next section explains what happens when you deregister.',
        'A session ends when you sign out, when it has not been used for a while, or when you deregister. An ended session can no longer be used.',
        'Rate-limit counters keyed by IP address cover a window of at most one hour and are deleted about a day after that window ends.',
        'Moderation logs and reports are kept as a record of what was decided, for as long as needed to handle disputes and meet legal obligations.',
      ],
    },
    {
      heading: 'Deregistering your account',
      paragraphs: [
        'You can deregister in the app at any time. Your account is then marked as deregistered (state 10101): you are signed out on every device, your nickname and avatar are deleted, and your username is no longer shown to others.',
        'Your posts, comments and configurations are hidden from other users. Your username stays reserved, so nobody else can register it and pretend to be you.',
        'Thirty days later a background job erases what is yours: your posts and comments are emptied (a comment others answered keeps its place in the thread, marked deleted), your pictures and videos are deleted from storage with every rendition made of them, and your configurations, likes, favourites, follows, lists, notifications, settings and sign-in records are deleted. A configuration someone else copied stays theirs. Moderation logs and the reports you filed are kept as the record of what was decided; the deletion itself is written to the moderation log.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'On the “Your data” page (the account menu) you can ask for an archive of everything we keep about you, at most once a week: a zip with a page you can read in a browser and the same data as JSON, with your pictures and videos. We tell you in the app when it is ready; its download link works for 48 hours, then the archive is deleted. You can import the configurations of such an archive again, here or in another community. What we keep, for how long, what the archive holds and what deletion removes is set out in full in the document “Your data at Padhub”.',
        'You can ask us for a copy of the data we hold about you, ask us to correct or erase it, and object to or ask us to restrict how we use it. You can change your nickname and avatar yourself in the app.',
        'Send requests to privacy@padhub.example. We may ask you to show that the account is yours before we act, and we will reply within the time the law sets, normally within one month.',
        'If you think we have mishandled your data, you can also complain to the data protection authority where you live.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Passwords and session tokens are stored only as hashes, so a copy of our database does not reveal them. Sign-in and registration attempts are limited to slow down guessing.',
        'No system is perfectly secure. Use a password that you do not use anywhere else, and sign out on shared devices. If we learn of a breach that affects you, we will inform you and the authorities as the law requires.',
      ],
    },
    {
      heading: 'Children, changes and contact',
      paragraphs: [
        'Padhub is not meant for children below the age at which they may consent to the use of their data where they live. If you are under that age, use Padhub only with the consent of a parent or guardian.',
        'When we change this policy, we update the date at the top. For important changes, we tell you in the app before they take effect.',
        'Contact: privacy@padhub.example.',
      ],
    },
  ],
};

export default document;
