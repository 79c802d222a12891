// SGF files imported as text (esbuild's "text" loader, see build.mjs).
declare module "*.sgf" {
  const text: string;
  export default text;
}
