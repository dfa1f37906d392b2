// Names the code cache a headless start runs from (bin/puffin.cjs, warmScript.cjs).
'use strict';

/**
 * What a start runs, naming its code cache: the command's words before its first option or argument (`stories
 * derive`), and `help` when it only prints help (a first `prompt --help` must not leave `prompt` a cache of the help).
 */
function commandOf(args) {
  const words = [];
  for (const arg of args.slice(0, 2)) {
    if (!/^[a-z][a-z-]*$/.test(arg)) break;
    words.push(arg);
  }
  if (args.includes('--help') || args.includes('-h')) words.push('help');
  return words.join('-') || 'none';
}

module.exports = { commandOf };
