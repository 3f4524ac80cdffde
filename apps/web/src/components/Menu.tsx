import { MenuButton, MenuItem, MenuItems, Menu as MenuRoot } from "@headlessui/react";

export interface MenuAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

export interface MenuProps {
  items: MenuAction[];
  /** Visible button text. */
  label?: string;
  /** Names the row for screen readers, e.g. "Actions for Ana Silva". */
  ariaLabel?: string;
}

/** A row's Actions menu: arrow keys move, Enter picks, Escape closes (Headless UI). */
export function Menu({ items, label = "Actions", ariaLabel }: MenuProps) {
  return (
    <MenuRoot as="div" className="relative inline-block text-left">
      <MenuButton
        aria-label={ariaLabel}
        className="inline-flex items-center gap-1 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-gray-800 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {label}
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 min-w-44 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10 focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button
              type="button"
              onClick={item.onClick}
              className={`block w-full px-4 py-2 text-left text-sm data-focus:bg-gray-100 ${
                item.danger ? "text-red-700" : "text-gray-800"
              }`}
            >
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </MenuRoot>
  );
}
