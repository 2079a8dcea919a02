// The installer the e2e server's operator has published (e2e/serve.ts puts it in the server's INSTALLERS_DIR):
// the download section lists it from the server's real listing. 70 MB as the server sees it, nothing on disk.
export const E2E_INSTALLER = { filename: 'Yumi-Studio-Setup.exe', size: 73_400_320 } as const;
