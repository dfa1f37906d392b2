// Run by `npm install`: on an older Node, one line saying what runs (npm's engine warnings are hidden by .npmrc).
'use strict';
const { installNote } = require('./node-version.cjs');

const note = installNote(process.env.npm_config_user_agent);
if (note) process.stderr.write(note + '\n');
