/** `/print/instance/:id`: the printable approval sheet, outside the console's layout (no menu, no tabs). */
export { default } from '@/features/tasks/print/ApprovalSheet';
