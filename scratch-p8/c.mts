import sharp from 'sharp';
import { ProceduralProvider } from '../apps/server/src/providers/image/procedural/index';
const p = new ProceduralProvider();
for (const c of ['blue','red']) {
  const [o] = await p.generate({ prompt: `confident standing girl with ${c} hair, plain background`, negativePrompt:'', width:384,height:512,seed:7,steps:1,guidance:1,count:1,signal:new AbortController().signal,onProgress:()=>{} });
  await sharp(o!.png).toFile(`/tmp/p8/${c}.png`);
  console.log(c, (await sharp(o!.png).extract({ left: 152, top: 72, width: 36, height: 14 }).stats()).channels.map(c=>c.mean.toFixed(0)));
}
