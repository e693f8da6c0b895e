import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { GoodsConsole } from '@/features/shop/admin/goods-console.tsx';
import { GoodsEditor } from '@/features/shop/admin/goods-editor.tsx';

// The shop's admin pages live in the moderation console's frame; the two features meet here, not in each other.

/** /console/goods */
export function GoodsConsolePage() {
  return (
    <ConsoleFrame>
      <GoodsConsole />
    </ConsoleFrame>
  );
}

/** /console/goods/edit?id= or ?category= */
export function GoodsEditorPage() {
  return (
    <ConsoleFrame>
      <GoodsEditor />
    </ConsoleFrame>
  );
}
