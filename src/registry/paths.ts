// Where a registry's skills live as its servers read them: under one mount, a folder per namespace,
// a folder per skill; and the ids they go by (`namespace:id`, as a plugin's skills go by theirs).

/** The folder every namespace of a registry sits in, as its servers' file system shows it. */
export const REGISTRY_MOUNT = '/registry';

/** The folder of skill `id` of `namespace` (`:` of a plugin's skill id kept as it is). */
export const folderOf = (namespace: string, id: string): string =>
  `${REGISTRY_MOUNT}/${namespace}/${id}`;

/** The id a skill goes by in the registry. */
export const registryId = (namespace: string, id: string): string => `${namespace}:${id}`;
