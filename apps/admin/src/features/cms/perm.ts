import { usePermission } from '@/lib/permission';

/** `can(code)`: whether the logged-in user holds an authority (the server enforces it anyway). */
export const useCmsPermission = () => usePermission();
