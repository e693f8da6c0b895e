import type { LegalDocument } from '@/features/legal/document.ts';

const document: LegalDocument = {
  title: 'Disclaimer',
  updated: '2026-11-22',
  intro:
    'Padhub is a community and shop for people who use game controllers. Each Padhub community is run by an organisation, usually a controller brand. In this text, “we” means the organisation that runs the Padhub community you use, together with the Padhub service it runs on. This disclaimer explains what we can and cannot be responsible for. Please read it together with the User Agreement and the Privacy Policy.',
  sections: [
    {
      heading: 'Content posted by users',
      paragraphs: [
        'Posts, comments, replies, pictures and videos on Padhub are written and uploaded by users. They express the views of the people who posted them, not ours. We do not check content before it appears.',
        'Tips, reviews and settings advice from other users may be wrong, out of date, or unsuitable for your controller or game. Use your own judgement before relying on them.',
        'If moderators leave a piece of content visible, this does not mean that we agree with it or have confirmed that it is accurate.',
      ],
    },
    {
      heading: 'Shared controller configurations',
      paragraphs: [
        'Controller configurations (macros and button mappings) are created and shared by users. We do not test them, and we do not guarantee that they work, that they suit your controller model or firmware, or that they do what their description says.',
        'A configuration is applied through the native controller app on your device, and it changes the settings on your controller. Before you apply one, check what it does and note your current settings so that you can go back to them.',
        'We are not responsible for lost settings, unexpected inputs or other problems caused by a configuration you chose to apply, except where the law does not allow this to be excluded.',
      ],
    },
    {
      heading: 'Macros and game rules',
      paragraphs: [
        'Some games, online platforms and tournaments forbid macros, turbo functions or certain button remappings. It is your responsibility to check the rules of the games and events you take part in.',
        'If a game publisher, platform or organiser restricts or bans your account because of a configuration you used, that is a matter between you and them. We cannot intervene and are not responsible for it.',
      ],
    },
    {
      heading: 'The shop and external stores',
      paragraphs: [
        'The shop in Padhub shows the brand’s goods. Product names, pictures and prices shown there are for information only and may differ from what the store shows at the moment you buy.',
        'When you open a product, you are taken to an external store. Orders, payment, delivery, returns and warranty are handled by that store under its own terms and privacy policy. Padhub does not process your payment and does not see your payment details.',
        'Your statutory rights concerning the goods you buy are not affected by this disclaimer.',
      ],
    },
    {
      heading: 'Links to other websites',
      paragraphs: [
        'Users may post links to other websites and services. We do not control those sites and are not responsible for their content, their safety or how they handle your data. Open them at your own discretion.',
      ],
    },
    {
      heading: 'Availability of the service',
      paragraphs: [
        'We work to keep Padhub running, but it is provided as it is and as available. It may be interrupted for maintenance, updates, technical faults or reasons beyond our control, and features may change or be removed.',
        'We take reasonable care of the data we store, but we cannot promise that nothing will ever be lost. Keep your own copy of configurations, pictures and videos that matter to you.',
      ],
    },
    {
      heading: 'Reports and moderation',
      paragraphs: [
        'You can report content that breaks the rules, and the organisation’s moderators review reports. We cannot promise a particular response time, or that all unlawful or harmful content will be found and removed.',
        'Moderators decide in good faith whether to hide posts or ban users. If you think a decision is wrong, write to us and we will look at it again.',
      ],
    },
    {
      heading: 'Limits of our liability',
      paragraphs: [
        'To the extent permitted by law, we are not liable for indirect or consequential losses, such as lost game progress, lost prizes or lost data, arising from your use of Padhub or of the content and configurations shared on it.',
        'Nothing in this disclaimer limits liability that cannot be limited by law, for example liability for intent or gross negligence or for injury to life or health, and nothing in it affects your mandatory rights as a consumer.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about this disclaimer can be sent to privacy@padhub.example.'],
    },
  ],
};

export default document;
