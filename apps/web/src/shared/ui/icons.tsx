/**
 * The product's one icon set is lucide (line icons on a 24px grid that follow currentColor). Screens import
 * icons from here by role, so a role keeps one picture everywhere and a change of picture is one line.
 */
import { ArrowLeft, Check, ChevronDown, Download, FileDiff, FileText, History, ImageIcon as LucideImage, LogOut, MessageSquare, MessageSquarePlus, Paintbrush, PenLine, Settings, Sparkles, type LucideIcon, User, X } from 'lucide-react';

const decorative = (Icon: LucideIcon) => {
  const Decorative = () => <Icon aria-hidden="true" focusable="false" />;
  Decorative.displayName = Icon.displayName;
  return Decorative;
};

export const CloseIcon = decorative(X);
export const UserIcon = decorative(User);
export const SettingsIcon = decorative(Settings);
export const DownloadIcon = decorative(Download);
export const LogoutIcon = decorative(LogOut);
export const BackIcon = decorative(ArrowLeft);
export const SparkleIcon = decorative(Sparkles);
export const PenIcon = decorative(PenLine);
export const ReportIcon = decorative(FileText);
export const BrushIcon = decorative(Paintbrush);
export const ImageIcon = decorative(LucideImage);
export const ChevronDownIcon = decorative(ChevronDown);
export const CommentIcon = decorative(MessageSquare);
export const AddCommentIcon = decorative(MessageSquarePlus);
export const HistoryIcon = decorative(History);
export const SuggestIcon = decorative(FileDiff);
export const AcceptIcon = decorative(Check);
export const RejectIcon = decorative(X);

/** A tool's icon in a sidebar or menu: 18px, hidden from assistive technology (the button carries the name). */
export const toolIcon = (Icon: LucideIcon) => <Icon width={18} height={18} aria-hidden="true" focusable="false" />;
