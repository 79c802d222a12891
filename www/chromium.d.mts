// The type of chromium.mjs, for the TypeScript that imports it.
import type { LaunchOptions } from "@playwright/test";

export declare const launchOptions: LaunchOptions;
