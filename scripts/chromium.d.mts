// Types of chromium.mjs for the type-checked tests (tests/tsconfig.json).
import type { LaunchOptions } from 'playwright-core';
export declare const chromiumLaunchOptions: LaunchOptions;
