export interface PanelText {
  title: string;
  description: string;
  notAvailable?: string;
}

export interface CatalogText {
  panels: Record<string, PanelText>;
  stats: Record<string, { title: string }>;
}
