import type { SeedTexts } from './texts.ts';

export const en: SeedTexts = {
  joiner: ' ',
  topics: [
    {
      openers: [
        'Sharing the combo macro I use in Street Fighter 6: one button for the whole Shoryuken string.',
        'Finally got the macro setup on this controller where I want it.',
        'What delay do you all use between macro steps?',
      ],
      details: [
        'I put 16 ms between each input and it almost never drops one.',
        'Record it slowly in training mode first, then tighten the timing.',
        'With the macro on a back paddle my right thumb never leaves the stick.',
        'Remember that many online tournaments ban macros, so switch them off before ranked.',
      ],
    },
    {
      openers: [
        'Mapping jump and crouch to the back paddles changed how shooters feel for me.',
        'I finally figured out button mapping on the Elite X, so here are my notes.',
        'Beginner question: how do I save a different mapping for each game?',
      ],
      details: [
        'Left paddle is A and right paddle is B, which makes swapping characters in Genshin much easier.',
        'Each game gets its own profile, and holding the mode button switches between them.',
        'You can shorten the trigger travel too, which makes firing noticeably faster.',
        'I set the stick dead zone to 5%. Aiming is finer, but it takes a day to get used to.',
      ],
    },
    {
      openers: [
        'Six months in and my left stick has started to drift. How did you deal with it?',
        'One week with the Padhub Pro 2: an honest review.',
        'The rumble on this controller is much better than I expected.',
      ],
      details: [
        'Battery lasts about 30 hours, so one charge covers a week of evenings.',
        'The Hall effect sticks really do resist drift, which is a big plus.',
        'The matte grips stay put even with sweaty summer hands.',
        'The d-pad is a bit stiff, so fighting games need some getting used to.',
      ],
    },
    {
      openers: [
        'My Bluetooth connection drops now and then. Anyone else seeing this?',
        'Just updated the firmware, here is what changed.',
        'Which has lower latency for the controller: PC or phone?',
      ],
      details: [
        'After switching to the 2.4 GHz receiver I can barely feel any input lag.',
        'The new firmware fixes the controller not waking up from sleep.',
        'Re-pairing once in the app fixed it; no factory reset needed.',
        'Wired is still the most stable. For rhythm games I would plug in.',
      ],
    },
    {
      openers: [
        'If you play Elden Ring on a controller, try this button layout.',
        'Spent the whole weekend playing King of Fighters on the Arcade Stick. So much fun.',
        'Playing Genshin on my phone with a controller, and I can never go back.',
      ],
      details: [
        'Dodge on the right paddle and heal on the left means you never let go of the sticks mid-fight.',
        'I use a linear sensitivity curve on the right stick, and camera turns feel natural.',
        'Combined with gyro aiming, even the bow characters are comfortable.',
        'Once the combos are in your hands, the stick feels easier than a keyboard.',
      ],
    },
  ],
  closers: [
    'If you have a better setup, let me know in the comments.',
    'The configuration is uploaded if you want to use it.',
    'Happy to answer questions below.',
    'That is all for now, I will update when I find more.',
    'Any tips from experienced players are welcome!',
  ],
  comments: [
    'Thanks for sharing, trying this tonight!',
    'Never thought of using the paddles like that.',
    'Had the same issue, a firmware update fixed it for me.',
    'Does this setup work on the Lite too?',
    'Saved for the weekend.',
    'Could you explain the macro timing in more detail?',
    'Same controller here, it really is great.',
    'Does such a small dead zone cause accidental inputs?',
    'Used your configuration and it feels great.',
    'Would love a screenshot of your sensitivity curve.',
    'For this price the build quality is excellent.',
    'My d-pad feels fine, maybe it varies between units.',
  ],
  replies: [
    'Yes, the Lite supports paddle mapping too.',
    'I use 20 ms and it is stable for me.',
    'Wondering the same thing.',
    'Not really, 5% is just right.',
    'Thanks for the answer!',
    'Tried it and it really works, thank you.',
    'I solved it by going wired.',
    'Added the screenshot to the post.',
    'Great minds think alike, haha.',
    'I think that comes down to personal taste.',
  ],
};
