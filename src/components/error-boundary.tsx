// Keeps a rendering failure inside the part that failed (one panel), with its message as text.
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ fallback: (message: string) => ReactNode; children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message !== null ? this.props.fallback(this.state.message) : this.props.children;
  }
}
