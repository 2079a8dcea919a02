export * from './TexMath';
