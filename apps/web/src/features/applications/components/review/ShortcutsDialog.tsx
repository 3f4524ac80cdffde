import { Button } from "../../../../components/Button";
import { Modal } from "../../../../components/Modal";

/** The review desk's keys, one table for the dialog and the handler's documentation. */
export const REVIEW_SHORTCUTS = [
  ["a", "Approve"],
  ["Shift + A", "Approve & next"],
  ["r", "Reject (asks for a reason)"],
  ["Shift + R", "Reject & next"],
  ["j or →", "Next application in the list"],
  ["k or ←", "Previous application in the list"],
  ["b", "Back to the list"],
  ["?", "Show these shortcuts"],
] as const;

/** Lists the keyboard shortcuts of the admin's detail page. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <table className="w-full text-left">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4">
              Key
            </th>
            <th scope="col" className="py-1">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {REVIEW_SHORTCUTS.map(([key, action]) => (
            <tr key={key}>
              <td className="py-1 pr-4">
                <kbd className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs ring-1 ring-gray-300">
                  {key}
                </kbd>
              </td>
              <td className="py-1">{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
