// The running system, handed to components through React context (set once in main.tsx). Rules:
// components read actors from here and bind with useSelector/send; nothing else travels this way.
import { createContext, useContext } from 'react';
import type { ShellSystem } from './system.ts';

export const SystemContext = createContext<ShellSystem | null>(null);

export function useSystem(): ShellSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('SystemContext is not provided');
  return system;
}
