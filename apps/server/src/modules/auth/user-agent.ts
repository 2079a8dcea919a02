import Bowser from 'bowser';
import { DEVICE_TYPES, type DeviceType } from '@yumi/core';

export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
  device: DeviceType;
}

/** Browser, operating system and device type of a stored User-Agent (bowser keeps up with new browsers). */
export function describeUserAgent(userAgent: string | null): UserAgentSummary {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  // Windows reports "NT 10.0": its marketing name ("10") reads better.
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : null;
  const type = parsed.platform.type as string | undefined;
  const device = (DEVICE_TYPES as readonly string[]).includes(type ?? '') ? (type as DeviceType) : 'unknown';
  return { browser, os, device };
}
