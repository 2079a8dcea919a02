/** A generated version (first document §3). */
export interface Version {
  id: string;
  type: 'main' | 'alternative' | 'user_edited';
  content: string;
  metadata: { aiConfidence: number; refinementsSuggested: string[]; personalityInfluence: string };
}
