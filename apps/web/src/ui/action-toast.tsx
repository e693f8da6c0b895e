import { antd } from './antd.tsx';
import './action-toast.css';

/**
 * A toast with one action (Undo): it stays longer than a plain toast so the person can reach the
 * button, and choosing the action closes it at once.
 */
export async function toastWithAction(content: string, action: { label: string; onPress: () => void }) {
  const { Toast } = await antd();
  const handler = Toast.show({
    position: 'center',
    duration: 5000,
    content: (
      <span className="action-toast">
        <span>{content}</span>
        <button
          type="button"
          className="tap action-toast-button"
          onClick={() => {
            handler.close();
            action.onPress();
          }}
        >
          {action.label}
        </button>
      </span>
    ),
  });
}
