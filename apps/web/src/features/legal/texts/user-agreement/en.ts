import type { LegalDocument } from '@/features/legal/document.ts';

const document: LegalDocument = {
  title: 'User Agreement',
  updated: '2026-11-22',
  intro:
    'This agreement sets the rules for using Padhub: the community where you post, comment and share controller configurations, and the shop. It is an agreement between you and the organisation (the controller brand) that runs the Padhub community you use, called “we” below. By creating an account or using Padhub, you accept it.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You need an account to post, comment, like, favourite, share configurations or report content. Choose a username and a password, and keep the password to yourself. You are responsible for what is done with your account.',
        'Your username is unique in the community and may not be handed over to anyone else. Your nickname and avatar must follow the same rules as any other content.',
        'To protect accounts, we limit how many times anyone can try to sign in or register from the same IP address or on the same account. If you reach the limit, wait a little and try again.',
        'If you believe someone else is using your account, tell us at privacy@padhub.example.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You keep the rights to the text, pictures, videos and configurations you post. Only post what you made yourself or have permission to share.',
        'By posting, you give us a free, non-exclusive licence to store, copy, resize or convert, and show your content within Padhub, as far as needed to run the community. This licence ends when the content is removed, or hidden after you deregister, except for copies we must keep for backups, moderation records or legal reasons.',
      ],
    },
    {
      heading: 'Sharing and applying configurations',
      paragraphs: [
        'When you share a controller configuration, other users can view it, add it to their favourites and apply it to their own controller through the native controller app. Describe honestly what your configuration does.',
        'Do not share configurations that are designed to damage hardware, to hide what they really do, or to break the rules of a game, platform or competition.',
        'Applying someone else’s configuration is your own choice and at your own risk. Check it first, and check the rules of the games you play. The Disclaimer explains this in more detail.',
      ],
    },
    {
      heading: 'Rules of conduct',
      paragraphs: [
        'Do not post anything illegal, including material that infringes copyright or trademarks, and never anything sexual involving minors.',
        'Do not harass, threaten or insult other people, and do not post hate speech, violent or sexually explicit material, or other people’s personal data without their consent.',
        'Do not spam, advertise without permission, impersonate anyone, or post malware or links to it.',
        'Do not try to get around rate limits, bans or blocks, get into other people’s accounts, collect data from the service in bulk, or disrupt its operation.',
      ],
    },
    {
      heading: 'Likes, favourites, reports and blocking',
      paragraphs: [
        'Likes are public signs of appreciation; favourites are your own private list of saved posts and configurations.',
        'If you see content that breaks these rules, report it. Reports must be made in good faith; using reports to harass someone is itself a breach of these rules.',
        'You can block or blacklist users you do not want to deal with. This keeps their content and interactions away from you, but it does not remove their content for everyone else; to have content removed, report it.',
      ],
    },
    {
      heading: 'Moderation',
      paragraphs: [
        'The organisation’s moderators can hide posts and other content, and can ban accounts that break this agreement or the law. They may act without warning when this is needed to protect users or the community.',
        'Every moderation action is logged. If you think a decision about you was wrong, write to privacy@padhub.example and explain why, and we will review it.',
      ],
    },
    {
      heading: 'The shop',
      paragraphs: [
        'The shop shows the brand’s goods. When you open a product, you leave Padhub for an external store. Your purchase is a contract between you and that store, under its terms, prices, and return and warranty conditions.',
        'Padhub takes no part in payment or delivery. Questions about orders, delivery or returns should go to the store where you bought.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        'You can deregister at any time in the app. You are then signed out on every device, your profile is emptied and your content is hidden from others. A deregistered account cannot be signed in to again, and its username cannot be registered by anyone else.',
        'We may suspend or ban an account that seriously or repeatedly breaks this agreement. We may also close a community, giving reasonable notice in advance.',
      ],
    },
    {
      heading: 'Changes and applicable law',
      paragraphs: [
        'We may change this agreement, for example when Padhub gets new features. The date at the top shows the current version. For important changes, we tell you in the app before they take effect; if you do not agree, you can deregister.',
        'This agreement is governed by the law of the place where the organisation is established. If you are a consumer, you keep the protection of the mandatory laws of the country where you live.',
        'If one part of this agreement is found invalid, the rest still applies.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'Questions about this agreement can be sent to privacy@padhub.example. The Privacy Policy explains how we handle your data, and the Disclaimer explains the limits of our responsibility.',
      ],
    },
  ],
};

export default document;
