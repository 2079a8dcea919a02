import { creditsApi, imagesApi } from '@yumi/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../api/client';
import { downloadUrl } from '../files/download';
import { useCurrentUser } from '../hooks/useCurrentUser';

const STATUS_KEY = ['images', 'status'] as const;
export const GALLERY_KEY = ['images', 'gallery'] as const;

/** Premium access and free trials (GET /api/billing/image-gen-status), for signed-in users. */
export function useImageGenStatus() {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => call(creditsApi.imageGenStatus),
    enabled: !!user,
    staleTime: 15_000,
  });
  return { status: query.data ?? null, isLoading: !!user && query.isLoading, error: query.error };
}

export function useImageProviders() {
  return useQuery({ queryKey: ['images', 'providers'], queryFn: () => call(imagesApi.providers), staleTime: 5 * 60_000 });
}

export function useGallery() {
  const { user } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: GALLERY_KEY,
    enabled: !!user,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => call(imagesApi.gallery, { query: { limit: 24, cursor: pageParam || undefined } }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** After a generation: trials, balance and gallery have changed. */
export function useRefreshAfterGeneration() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: STATUS_KEY });
    void client.invalidateQueries({ queryKey: GALLERY_KEY });
    void client.invalidateQueries({ queryKey: ['billing', 'info'] });
  }, [client]);
}

/** Reads a picked file as a data URL (for img2img, references and outlines). */
export function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Downloads a gallery image (its URL asks the server for an attachment) or any other image URL under a file name. */
export function downloadImage(url: string, name: string): void {
  downloadUrl(url.startsWith('/api/images/') ? `${url}&download=1` : url, name);
}
