/**
 * The read-only facts that modules below their owners read in their own statements
 * (docs/architecture.md, "Layers"): who may see whom (blocks and blacklists, written by safety;
 * follows, written by people; bans that hide content, written by accounts) and what kinds of
 * configuration a post carries (written by configs). Facts only reads, and it sits below every
 * module that shows people's content, so that none has to reach up to the module that writes a
 * fact to read it. Its fragments are typed (db/sql.ts).
 */
export {
  blacklistedBy,
  blockedBy,
  blockedByViewer,
  contentHiddenByBan,
  followedBy,
  listedEitherWay,
  listedByViewer,
  peopleHiddenByBan,
  shutOut,
  viewerListOf,
} from './visibility.ts';
export { configKinds } from './config-kinds.ts';
