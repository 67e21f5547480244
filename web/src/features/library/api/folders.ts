import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderBody, Folder, FolderListResponse } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';

export const libraryQueryKey = ['library'] as const;
export const foldersQueryKey = ['library', 'folders'] as const;

/** GET /library/folders: the member's active folders, flat. */
export async function getFolders(): Promise<Folder[]> {
  return (await api.get<FolderListResponse>('library/folders')).folders;
}

export function useFolders() {
  return useQuery({ queryKey: foldersQueryKey, queryFn: getFolders });
}

/** POST /library/folders */
export function createFolder(body: CreateFolderBody): Promise<Folder> {
  return api.post<Folder>('library/folders', body);
}

export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}

/** PUT /library/folders/{id} */
export function renameFolder({ id, name }: { id: number; name: string }): Promise<Folder> {
  return api.put<Folder>(`library/folders/${id}`, { name });
}

export function useRenameFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
