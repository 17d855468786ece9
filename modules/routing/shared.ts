/** The routing keys: pure data, shared by the validator, the model and the dashboard (runs in the browser). */
export const DEVICE_KEYS = ['mobile', 'desktop', 'tablet'] as const;
export const OS_KEYS = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'] as const;
