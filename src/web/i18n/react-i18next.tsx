// What the app uses of react-i18next — `useTranslation` and `Trans` — on our own translations (./index.ts). The
// build resolves 'react-i18next' to this file (vite.config.ts), so components keep importing the package by name
// and TypeScript keeps checking every key against the English catalogs with the package's own types.
import { cloneElement, Fragment, isValidElement, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Trans as PackageTrans, useTranslation as packageUseTranslation } from 'react-i18next';
import type { Namespace } from '@/i18n/en';
import { currentLocale, noteNamespacesRead, subscribe, translate, translationsVersion } from './index';

type Translate = (key: string, values?: Record<string, unknown>) => string;

function useTranslationOf(ns?: Namespace | readonly Namespace[]) {
  const version = useSyncExternalStore(subscribe, translationsVersion, translationsVersion);
  const key = typeof ns === 'string' ? ns : (ns ?? ['common']).join(',');
  const namespaces = useMemo(() => key.split(',') as Namespace[], [key]);
  noteNamespacesRead(namespaces);
  return useMemo(() => {
    const t: Translate = (messageKey, values) => translate(namespaces, messageKey, values);
    return { t, i18n: { language: currentLocale() }, ready: true };
    // `version` changes when the language does or a catalog arrives: a new `t` renders the new words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [namespaces, version]);
}

export const useTranslation = useTranslationOf as unknown as typeof packageUseTranslation;

interface TransProps {
  t?: Translate;
  i18nKey: string;
  ns?: Namespace;
  values?: Record<string, unknown>;
  components?: Record<string, ReactNode>;
}

/** A message with `<name>…</name>` tags, each rendered as `components[name]` holding the text between. */
function TransOf({ t, i18nKey, ns, values, components = {} }: TransProps) {
  const fallback = useTranslationOf(ns).t;
  const message = (t ?? fallback)(i18nKey, values);
  const parts = message.split(/<(\w+)>([\s\S]*?)<\/\1>/);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(parts[i]);
    if (i + 2 >= parts.length) break;
    const component = components[parts[i + 1]!];
    const text = parts[i + 2]!;
    nodes.push(isValidElement(component) ? cloneElement(component, { key: i }, text) : text);
  }
  return <Fragment>{nodes}</Fragment>;
}

export const Trans = TransOf as unknown as typeof PackageTrans;
