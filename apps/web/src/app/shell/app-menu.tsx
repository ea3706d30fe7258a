import {
  BookOpenText,
  CircleUserRound,
  Download,
  ExternalLink,
  FileText,
  Link2,
  LogOut,
  Mail,
  Settings,
  ShieldAlert,
  Sparkles,
  UserLock,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { downloadDayAudit } from '../../api/audit-download';
import { toastError } from '../../api/toast-error';
import { LEGAL_PAGES } from '../../config/product';
import { useLogout } from '../../features/auth/api/logout';
import { ThemeToggle } from '../theme/theme-toggle';

/** The trading platform of the linked broker, opened from the menu. */
const TRADING_PLATFORM_URL = 'https://kite.zerodha.com';

const item =
  'flex h-8 cursor-pointer select-none items-center gap-2 rounded px-2 text-xs text-fg outline-none data-[highlighted]:bg-surface-2';

/** Icon of each legal page in the menu. */
const LEGAL_ICONS: Record<(typeof LEGAL_PAGES)[number]['path'], typeof Settings> = {
  '/terms': FileText,
  '/privacy': UserLock,
  '/risk-disclosure': ShieldAlert,
  '/contact': Mail,
};

function Item({ icon, children, onSelect }: { icon: ReactNode; children: ReactNode; onSelect: () => void }) {
  return (
    <DropdownMenu.Item className={item} onSelect={onSelect}>
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/** Menu: Add Broker, User Settings, Journal, Subscribe, the day's audit download, the trading platform, the legal pages, theme,
 * Logout. */
export function AppMenu({
  onAddBroker,
  onUserSettings,
}: {
  onAddBroker: () => void;
  onUserSettings: () => void;
}) {
  const navigate = useNavigate();
  const logout = useLogout();
  const icon = (Icon: typeof Settings) => <Icon className="size-3.5 text-muted" aria-hidden />;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Menu"
        className="grid size-7 place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CircleUserRound className="size-4.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-48 rounded-lg border border-border bg-surface p-1 shadow-xl"
        >
          <Item icon={icon(Link2)} onSelect={onAddBroker}>
            Add Broker
          </Item>
          <Item icon={icon(Settings)} onSelect={onUserSettings}>
            User Settings
          </Item>
          <Item icon={icon(BookOpenText)} onSelect={() => void navigate('/journal')}>
            Journal
          </Item>
          <Item icon={icon(Sparkles)} onSelect={() => void navigate('/subscribe')}>
            Subscribe
          </Item>
          <Item
            icon={icon(Download)}
            onSelect={() =>
              void downloadDayAudit().catch((error: unknown) =>
                toastError(error, 'Could not download the audit'),
              )
            }
          >
            Download audit (CSV)
          </Item>
          <DropdownMenu.Item asChild className={item}>
            <a href={TRADING_PLATFORM_URL} target="_blank" rel="noopener noreferrer">
              {icon(ExternalLink)}
              Trading Platform
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {/* A new tab, so the trading screen keeps running behind the legal page. */}
          {LEGAL_PAGES.map((page) => (
            <DropdownMenu.Item key={page.path} asChild className={item}>
              <a href={page.path} target="_blank" rel="noopener noreferrer">
                {icon(LEGAL_ICONS[page.path])}
                {page.title}
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <div className="flex h-8 items-center justify-between px-2 text-xs text-muted">
            Theme
            <ThemeToggle />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <Item icon={<LogOut className="size-3.5 text-sell" aria-hidden />} onSelect={() => logout.mutate()}>
            Logout
          </Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
