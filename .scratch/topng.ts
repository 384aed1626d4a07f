import sharp from 'sharp';
const [i, o] = process.argv.slice(2);
await sharp(i).png().toFile(o);
