import type { Layer } from './layer.js';

/**
 * Layer groups live in the flat bottom-to-top stack: each layer names its group (`parentId`), and a
 * group's descendants sit directly below the group's own entry (as in a PSD file's layer records).
 * Structural edits go through this tree form and are flattened back, so that order always holds.
 */
export interface StackNode {
  layer: Layer;
  /** Bottom to top; null for a plain layer. */
  children: StackNode[] | null;
}

/** The stack as a tree (top level bottom to top). Unknown or non-group parents, and cycles, count as top level. */
export function stackTree(layers: readonly Layer[]): StackNode[] {
  const nodes = new Map<string, StackNode>();
  for (const l of layers) nodes.set(l.id, { layer: l, children: l.group ? [] : null });
  const roots: StackNode[] = [];
  const parentOf = (l: Layer): StackNode | null => {
    const p = l.parentId === null ? undefined : nodes.get(l.parentId);
    if (!p?.children) return null;
    // refuse cycles: the parent must not be inside this layer
    for (let q: Layer | undefined = p.layer, guard = 0; q && guard <= layers.length; guard++) {
      if (q.id === l.id) return null;
      q = q.parentId === null ? undefined : nodes.get(q.parentId)?.layer;
    }
    return p;
  };
  for (const l of layers) {
    const node = nodes.get(l.id) as StackNode;
    (parentOf(l)?.children ?? roots).push(node);
  }
  return roots;
}

/** Flattens a tree back into stack order (descendants first, then the group) and sets each parentId. */
function flattenTree(nodes: readonly StackNode[], parentId: string | null = null, out: Layer[] = []): Layer[] {
  for (const n of nodes) {
    n.layer.parentId = parentId;
    if (n.children) flattenTree(n.children, n.layer.id, out);
    out.push(n.layer);
  }
  return out;
}

/** The stack in valid group order (used after loading untrusted data). */
export function normalizeStack(layers: readonly Layer[]): Layer[] {
  return flattenTree(stackTree(layers));
}

/** Nesting depth of every layer (0 at the top level). */
export function depths(layers: readonly Layer[]): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (nodes: StackNode[], d: number) => {
    for (const n of nodes) {
      out.set(n.layer.id, d);
      if (n.children) walk(n.children, d + 1);
    }
  };
  walk(stackTree(layers), 0);
  return out;
}

/** The layers inside a group (all depths), in stack order. */
export function descendants(layers: readonly Layer[], groupId: string): Layer[] {
  const find = (nodes: StackNode[]): StackNode | null => {
    for (const n of nodes) {
      if (n.layer.id === groupId) return n;
      const hit = n.children ? find(n.children) : null;
      if (hit) return hit;
    }
    return null;
  };
  const node = find(stackTree(layers));
  return node?.children ? flattenTree(node.children, groupId, []) : [];
}

/** Finds a node and the list holding it. */
function locate(nodes: StackNode[], id: string, parent: StackNode | null = null): { list: StackNode[]; index: number; parent: StackNode | null } | null {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as StackNode;
    if (n.layer.id === id) return { list: nodes, index: i, parent };
    const hit = n.children ? locate(n.children, id, n) : null;
    if (hit) return hit;
  }
  return null;
}

/**
 * Moves a layer or group one step up or down, as in Krita: past a sibling, into a group it meets
 * (as that group's bottom or top child), or out of its own group at the group's edge.
 * Returns the new stack, or null when it cannot move.
 */
export function moveItem(layers: readonly Layer[], id: string, direction: 'up' | 'down'): Layer[] | null {
  const roots = stackTree(layers);
  const at = locate(roots, id);
  if (!at) return null;
  const { list, index } = at;
  const node = list[index] as StackNode;
  const up = direction === 'up';
  const nextIndex = up ? index + 1 : index - 1;
  const neighbour = list[nextIndex];
  if (neighbour) {
    list.splice(index, 1);
    if (neighbour.children) {
      // into the group it meets: its bottom child going up, its top child going down
      if (up) neighbour.children.unshift(node);
      else neighbour.children.push(node);
    } else list.splice(nextIndex, 0, node);
    return flattenTree(roots);
  }
  if (!at.parent) return null; // at the very top or bottom
  const outer = locate(roots, at.parent.layer.id);
  if (!outer) return null;
  list.splice(index, 1);
  outer.list.splice(up ? outer.index + 1 : outer.index, 0, node);
  return flattenTree(roots);
}

/** Where a dragged layer or group lands relative to the one it is dropped on. */
export type DropPlace = 'above' | 'below' | 'inside';

/**
 * Moves a layer or group (with everything in it) next to `targetId`, above or below it in the same
 * group, or `inside` the target group as its top child (drag and drop in the layers panel).
 * Returns the new stack, or null when it cannot go there (onto itself, into itself, inside a layer).
 */
export function placeItem(layers: readonly Layer[], id: string, targetId: string, place: DropPlace): Layer[] | null {
  if (id === targetId) return null;
  const roots = stackTree(layers);
  const at = locate(roots, id);
  if (!at) return null;
  const node = at.list[at.index] as StackNode;
  // a group cannot go inside itself: the target must not be among its descendants
  if (node.children && locate(node.children, targetId)) return null;
  at.list.splice(at.index, 1);
  const target = locate(roots, targetId);
  if (!target) return null;
  const t = target.list[target.index] as StackNode;
  if (place === 'inside') {
    if (!t.children) return null;
    t.children.push(node);
  } else target.list.splice(place === 'above' ? target.index + 1 : target.index, 0, node);
  return flattenTree(roots);
}

/** Puts `group` (not yet in the stack) where `id` is and `id` inside it. */
export function wrapInGroup(layers: readonly Layer[], id: string, group: Layer): Layer[] {
  const roots = stackTree(layers);
  const at = locate(roots, id);
  if (!at) throw new RangeError(`No layer ${id}`);
  at.list[at.index] = { layer: group, children: [at.list[at.index] as StackNode] };
  return flattenTree(roots);
}

/** Replaces a group by its children (in place); the group's entry leaves the stack. */
export function ungroup(layers: readonly Layer[], groupId: string): Layer[] {
  const roots = stackTree(layers);
  const at = locate(roots, groupId);
  const node = at?.list[at.index];
  if (!at || !node?.children) throw new RangeError(`No group ${groupId}`);
  at.list.splice(at.index, 1, ...node.children);
  return flattenTree(roots);
}

/** The stack without a layer (and, for a group, everything inside it). */
export function withoutBlock(layers: readonly Layer[], id: string): Layer[] {
  const roots = stackTree(layers);
  const at = locate(roots, id);
  if (!at) throw new RangeError(`No layer ${id}`);
  at.list.splice(at.index, 1);
  return flattenTree(roots);
}
