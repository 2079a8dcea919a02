// The package ships JavaScript only; the lists this project reads.
declare module 'stopword' {
  export const eng: string[];
}
