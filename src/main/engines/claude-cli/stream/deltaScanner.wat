;; The CLI's input_json_delta lines, recognised in stdout's bytes (see deltaScanner.ts for the why).
;;
;; scan(in, n, out, rec, maxLen) reads the complete lines in memory[in, in+n) (JS guarantees the last byte is a
;; newline and that 256 zero bytes follow: every compare and 16-byte load may run into them, and a zero byte never
;; matches a literal and always stops a string scan). It writes records of 16 i32 at `rec` and returns their count:
;;   kind 0, a run of other lines:   [0, start, end (after its last newline)]
;;   kind 1, a run of delta lines:   [1, index, parentStart, parentEnd (-1, -1 for null), outStart, outEnd, lines,
;;                                    start, end (the run's lines themselves, after the last one's newline)]
;; A delta run is consecutive lines of one content block index and one parent_tool_use_id; their fragments,
;; unescaped, are concatenated in memory[outStart, outEnd) as UTF-8.
;;
;; A line is taken as a delta only in exactly the shape cliDeltaEvent.ts's regexes accept (HEAD STRING TAIL up to
;; the line's end, CRLF allowed), and only when its fragment is well-formed UTF-8, its ids are ASCII, every escape
;; is valid and decodes to ASCII, and the line is at most maxLen bytes. Anything else is an "other" line: the JS
;; reader decodes it as before, so declining is always safe and only slower.
(module
  (memory (export "memory") 1)
  ;; L1 at 0 (69 bytes), L2 at 128 (52), L3 at 256 (18), L4 at 384 (23), L5 at 512 (9).
  (data (i32.const 0) "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":")
  (data (i32.const 128) ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"")
  (data (i32.const 256) "\"}},\"session_id\":\"")
  (data (i32.const 384) "\",\"parent_tool_use_id\":")
  (data (i32.const 512) ",\"uuid\":\"")

  ;; memory[p, p+len) equals the literal at lit.
  (func $eq (param $p i32) (param $lit i32) (param $len i32) (result i32)
    (local $k i32)
    (if (i32.lt_u (local.get $len) (i32.const 16))
      (then
        (block $done
          (loop $bytes
            (br_if $done (i32.ge_u (local.get $k) (local.get $len)))
            (if (i32.ne (i32.load8_u (i32.add (local.get $p) (local.get $k)))
                        (i32.load8_u (i32.add (local.get $lit) (local.get $k))))
              (then (return (i32.const 0))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $bytes)))
        (return (i32.const 1))))
    (block $done
      (loop $blocks
        (br_if $done (i32.gt_u (i32.add (local.get $k) (i32.const 16)) (local.get $len)))
        (if (i32.eqz (i8x16.all_true (i8x16.eq (v128.load (i32.add (local.get $p) (local.get $k)))
                                               (v128.load (i32.add (local.get $lit) (local.get $k))))))
          (then (return (i32.const 0))))
        (local.set $k (i32.add (local.get $k) (i32.const 16)))
        (br $blocks)))
    (if (i32.lt_u (local.get $k) (local.get $len))
      (then
        ;; The last block, overlapping the one before it.
        (local.set $k (i32.sub (local.get $len) (i32.const 16)))
        (return (i8x16.all_true (i8x16.eq (v128.load (i32.add (local.get $p) (local.get $k)))
                                          (v128.load (i32.add (local.get $lit) (local.get $k))))))))
    (i32.const 1))

  ;; Bit i set where byte i of v is '"', '\', a control character (< 0x20) or not ASCII (>= 0x80).
  (func $specials (param $v v128) (result i32)
    (i8x16.bitmask
      (v128.or
        (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22)))
                 (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))
        (v128.or (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20)))
                 (i8x16.lt_s (local.get $v) (i8x16.splat (i32.const 0)))))))

  ;; The first special byte (see $specials) at or after q.
  (func $nextSpecial (param $q i32) (result i32)
    (local $m i32)
    (loop $blocks
      (local.set $m (call $specials (v128.load (local.get $q))))
      (if (i32.eqz (local.get $m))
        (then
          (local.set $q (i32.add (local.get $q) (i32.const 16)))
          (br $blocks))))
    (i32.add (local.get $q) (i32.ctz (local.get $m))))

  ;; The first newline at or after q.
  (func $nextNewline (param $q i32) (result i32)
    (local $m i32)
    (loop $blocks
      (local.set $m (i8x16.bitmask (i8x16.eq (v128.load (local.get $q)) (i8x16.splat (i32.const 0x0a)))))
      (if (i32.eqz (local.get $m))
        (then
          (local.set $q (i32.add (local.get $q) (i32.const 16)))
          (br $blocks))))
    (i32.add (local.get $q) (i32.ctz (local.get $m))))

  ;; The value of hex digit c, or -1.
  (func $hex (param $c i32) (result i32)
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10))
      (then (return (i32.sub (local.get $c) (i32.const 0x30)))))
    (local.set $c (i32.or (local.get $c) (i32.const 0x20)))
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0x61)) (i32.const 6))
      (then (return (i32.sub (local.get $c) (i32.const 0x57)))))
    (i32.const -1))

  ;; The length of the well-formed UTF-8 sequence of 2 to 4 bytes at q (Unicode's table 3-7: no overlong form, no
  ;; surrogate, nothing above U+10FFFF), or 0. Fragments made of such sequences decode alike apart or joined.
  (func $utf8Length (param $q i32) (result i32)
    (local $c i32) (local $lo i32) (local $hi i32)
    (local.set $c (i32.load8_u (local.get $q)))
    (if (i32.lt_u (local.get $c) (i32.const 0xc2)) (then (return (i32.const 0))))
    (if (i32.gt_u (local.get $c) (i32.const 0xf4)) (then (return (i32.const 0))))
    (local.set $lo (i32.const 0x80))
    (local.set $hi (i32.const 0xbf))
    (if (i32.lt_u (local.get $c) (i32.const 0xe0))
      (then
        (return (select (i32.const 2) (i32.const 0)
          (i32.eq (i32.and (i32.load8_u offset=1 (local.get $q)) (i32.const 0xc0)) (i32.const 0x80))))))
    (if (i32.eq (local.get $c) (i32.const 0xe0)) (then (local.set $lo (i32.const 0xa0))))
    (if (i32.eq (local.get $c) (i32.const 0xed)) (then (local.set $hi (i32.const 0x9f))))
    (if (i32.eq (local.get $c) (i32.const 0xf0)) (then (local.set $lo (i32.const 0x90))))
    (if (i32.eq (local.get $c) (i32.const 0xf4)) (then (local.set $hi (i32.const 0x8f))))
    (local.set $c (i32.load8_u offset=1 (local.get $q)))
    (if (i32.or (i32.lt_u (local.get $c) (local.get $lo)) (i32.gt_u (local.get $c) (local.get $hi)))
      (then (return (i32.const 0))))
    (if (i32.ne (i32.and (i32.load8_u offset=2 (local.get $q)) (i32.const 0xc0)) (i32.const 0x80))
      (then (return (i32.const 0))))
    (if (i32.lt_u (i32.load8_u (local.get $q)) (i32.const 0xf0)) (then (return (i32.const 3))))
    (if (i32.ne (i32.and (i32.load8_u offset=3 (local.get $q)) (i32.const 0xc0)) (i32.const 0x80))
      (then (return (i32.const 0))))
    (i32.const 4))

  ;; memory[a, a+len) equals memory[b, b+len).
  (func $same (param $a i32) (param $b i32) (param $len i32) (result i32)
    (local $k i32)
    (block $done
      (loop $bytes
        (br_if $done (i32.ge_u (local.get $k) (local.get $len)))
        (if (i32.ne (i32.load8_u (i32.add (local.get $a) (local.get $k)))
                    (i32.load8_u (i32.add (local.get $b) (local.get $k))))
          (then (return (i32.const 0))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $bytes)))
    (i32.const 1))

  (func (export "scan") (param $in i32) (param $n i32) (param $out i32) (param $rec i32) (param $maxLen i32)
    (result i32)
    (local $end i32) (local $p i32) (local $q i32) (local $s i32) (local $c i32) (local $m i32) (local $v v128)
    (local $lineOut i32) (local $index i32) (local $digits i32) (local $pStart i32) (local $pEnd i32)
    (local $nl i32) (local $count i32) (local $last i32) (local $u i32) (local $h i32)
    (local.set $end (i32.add (local.get $in) (local.get $n)))
    (local.set $p (local.get $in))
    (local.set $last (i32.const -1)) ;; address of the last record written, -1 before the first
    (block $finished
      (loop $lines
        (br_if $finished (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $lineOut (local.get $out))
        (block $other
          (block $delta
            (local.set $q (local.get $p))
            (br_if $other (i32.eqz (call $eq (local.get $q) (i32.const 0) (i32.const 69))))
            (local.set $q (i32.add (local.get $q) (i32.const 69)))
            ;; The index: 0, or 1-9 followed by up to 8 digits.
            (local.set $c (i32.load8_u (local.get $q)))
            (local.set $index (i32.sub (local.get $c) (i32.const 0x30)))
            (br_if $other (i32.ge_u (local.get $index) (i32.const 10)))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (if (i32.ne (local.get $index) (i32.const 0))
              (then
                (local.set $digits (i32.const 1))
                (block $digitsDone
                  (loop $moreDigits
                    (br_if $digitsDone (i32.ge_u (local.get $digits) (i32.const 9)))
                    (local.set $c (i32.sub (i32.load8_u (local.get $q)) (i32.const 0x30)))
                    (br_if $digitsDone (i32.ge_u (local.get $c) (i32.const 10)))
                    (local.set $index (i32.add (i32.mul (local.get $index) (i32.const 10)) (local.get $c)))
                    (local.set $q (i32.add (local.get $q) (i32.const 1)))
                    (local.set $digits (i32.add (local.get $digits) (i32.const 1)))
                    (br $moreDigits)))))
            (br_if $other (i32.eqz (call $eq (local.get $q) (i32.const 128) (i32.const 52))))
            (local.set $q (i32.add (local.get $q) (i32.const 52)))
            ;; The fragment: plain runs copied 16 bytes at a time, escapes decoded, up to its closing quote.
            (block $fragmentDone
              (loop $fragment
                (local.set $v (v128.load (local.get $q)))
                (v128.store (local.get $out) (local.get $v))
                (local.set $m (call $specials (local.get $v)))
                (if (i32.eqz (local.get $m))
                  (then
                    (local.set $q (i32.add (local.get $q) (i32.const 16)))
                    (local.set $out (i32.add (local.get $out) (i32.const 16)))
                    (br $fragment)))
                (local.set $q (i32.add (local.get $q) (i32.ctz (local.get $m))))
                (local.set $out (i32.add (local.get $out) (i32.ctz (local.get $m))))
                (local.set $c (i32.load8_u (local.get $q)))
                (br_if $fragmentDone (i32.eq (local.get $c) (i32.const 0x22)))
                (if (i32.ge_u (local.get $c) (i32.const 0x80))
                  (then
                    ;; Not ASCII: a well-formed sequence is copied as it is (4 bytes stored, its length kept).
                    (local.set $h (call $utf8Length (local.get $q)))
                    (br_if $other (i32.eqz (local.get $h)))
                    (i32.store (local.get $out) (i32.load (local.get $q)))
                    (local.set $q (i32.add (local.get $q) (local.get $h)))
                    (local.set $out (i32.add (local.get $out) (local.get $h)))
                    (br $fragment)))
                (br_if $other (i32.ne (local.get $c) (i32.const 0x5c)))
                (local.set $c (i32.load8_u (i32.add (local.get $q) (i32.const 1))))
                (local.set $q (i32.add (local.get $q) (i32.const 2)))
                (block $decoded
                  (br_if $decoded (i32.eq (local.get $c) (i32.const 0x22))) ;; \"
                  (br_if $decoded (i32.eq (local.get $c) (i32.const 0x5c))) ;; \\
                  (br_if $decoded (i32.eq (local.get $c) (i32.const 0x2f))) ;; \/
                  (if (i32.eq (local.get $c) (i32.const 0x6e)) (then (local.set $c (i32.const 0x0a)) (br $decoded)))
                  (if (i32.eq (local.get $c) (i32.const 0x74)) (then (local.set $c (i32.const 0x09)) (br $decoded)))
                  (if (i32.eq (local.get $c) (i32.const 0x72)) (then (local.set $c (i32.const 0x0d)) (br $decoded)))
                  (if (i32.eq (local.get $c) (i32.const 0x62)) (then (local.set $c (i32.const 0x08)) (br $decoded)))
                  (if (i32.eq (local.get $c) (i32.const 0x66)) (then (local.set $c (i32.const 0x0c)) (br $decoded)))
                  (br_if $other (i32.ne (local.get $c) (i32.const 0x75)))
                  ;; \uXXXX: four hex digits, decoded only below 0x80 (the rest is left to JSON.parse).
                  (local.set $u (i32.const 0))
                  (local.set $digits (i32.const 0))
                  (loop $hexDigits
                    (local.set $h (call $hex (i32.load8_u (i32.add (local.get $q) (local.get $digits)))))
                    (br_if $other (i32.lt_s (local.get $h) (i32.const 0)))
                    (local.set $u (i32.or (i32.shl (local.get $u) (i32.const 4)) (local.get $h)))
                    (local.set $digits (i32.add (local.get $digits) (i32.const 1)))
                    (br_if $hexDigits (i32.lt_u (local.get $digits) (i32.const 4))))
                  (br_if $other (i32.ge_u (local.get $u) (i32.const 0x80)))
                  (local.set $c (local.get $u))
                  (local.set $q (i32.add (local.get $q) (i32.const 4))))
                (i32.store8 (local.get $out) (local.get $c))
                (local.set $out (i32.add (local.get $out) (i32.const 1)))
                (br $fragment)))
            ;; `"}},"session_id":"`, the session id (a plain literal), `","parent_tool_use_id":`
            (br_if $other (i32.eqz (call $eq (local.get $q) (i32.const 256) (i32.const 18))))
            (local.set $q (call $nextSpecial (i32.add (local.get $q) (i32.const 18))))
            (br_if $other (i32.eqz (call $eq (local.get $q) (i32.const 384) (i32.const 23))))
            (local.set $q (i32.add (local.get $q) (i32.const 23)))
            ;; null or a plain literal
            (local.set $c (i32.load8_u (local.get $q)))
            (if (i32.eq (local.get $c) (i32.const 0x6e))
              (then
                (br_if $other (i32.ne (i32.load (local.get $q)) (i32.const 0x6c6c756e))) ;; "null"
                (local.set $pStart (i32.const -1))
                (local.set $pEnd (i32.const -1))
                (local.set $q (i32.add (local.get $q) (i32.const 4))))
              (else
                (br_if $other (i32.ne (local.get $c) (i32.const 0x22)))
                (local.set $pStart (i32.add (local.get $q) (i32.const 1)))
                (local.set $pEnd (call $nextSpecial (local.get $pStart)))
                (br_if $other (i32.ne (i32.load8_u (local.get $pEnd)) (i32.const 0x22)))
                (local.set $q (i32.add (local.get $pEnd) (i32.const 1)))))
            ;; an optional `,"uuid":"…"`
            (if (call $eq (local.get $q) (i32.const 512) (i32.const 9))
              (then
                (local.set $q (call $nextSpecial (i32.add (local.get $q) (i32.const 9))))
                (br_if $other (i32.ne (i32.load8_u (local.get $q)) (i32.const 0x22)))
                (local.set $q (i32.add (local.get $q) (i32.const 1)))))
            (br_if $other (i32.ne (i32.load8_u (local.get $q)) (i32.const 0x7d))) ;; }
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            ;; The line ends here: LF or CRLF.
            (local.set $c (i32.load8_u (local.get $q)))
            (if (i32.eq (local.get $c) (i32.const 0x0d))
              (then
                (local.set $q (i32.add (local.get $q) (i32.const 1)))
                (local.set $c (i32.load8_u (local.get $q)))))
            (br_if $other (i32.ne (local.get $c) (i32.const 0x0a)))
            (local.set $nl (local.get $q))
            (br_if $other (i32.gt_u (i32.sub (local.get $nl) (local.get $p)) (local.get $maxLen)))
            (br_if $other (i32.ge_u (local.get $nl) (local.get $end)))
            (br $delta))
          ;; A delta line: it extends the last record if that is a run of the same block and parent.
          (block $newRun
            (br_if $newRun (i32.lt_s (local.get $last) (i32.const 0)))
            (br_if $newRun (i32.ne (i32.load (local.get $last)) (i32.const 1)))
            (br_if $newRun (i32.ne (i32.load offset=4 (local.get $last)) (local.get $index)))
            (if (i32.lt_s (local.get $pStart) (i32.const 0))
              (then (br_if $newRun (i32.ge_s (i32.load offset=8 (local.get $last)) (i32.const 0))))
              (else
                (br_if $newRun (i32.lt_s (i32.load offset=8 (local.get $last)) (i32.const 0)))
                (br_if $newRun
                  (i32.ne (i32.sub (i32.load offset=12 (local.get $last)) (i32.load offset=8 (local.get $last)))
                          (i32.sub (local.get $pEnd) (local.get $pStart))))
                (br_if $newRun
                  (i32.eqz (call $same (i32.load offset=8 (local.get $last)) (local.get $pStart)
                                       (i32.sub (local.get $pEnd) (local.get $pStart)))))))
            (i32.store offset=20 (local.get $last) (local.get $out))
            (i32.store offset=24 (local.get $last) (i32.add (i32.load offset=24 (local.get $last)) (i32.const 1)))
            (i32.store offset=32 (local.get $last) (i32.add (local.get $nl) (i32.const 1)))
            (local.set $p (i32.add (local.get $nl) (i32.const 1)))
            (br $lines))
          (local.set $last (i32.add (local.get $rec) (i32.shl (local.get $count) (i32.const 6))))
          (local.set $count (i32.add (local.get $count) (i32.const 1)))
          (i32.store (local.get $last) (i32.const 1))
          (i32.store offset=4 (local.get $last) (local.get $index))
          (i32.store offset=8 (local.get $last) (local.get $pStart))
          (i32.store offset=12 (local.get $last) (local.get $pEnd))
          (i32.store offset=16 (local.get $last) (local.get $lineOut))
          (i32.store offset=20 (local.get $last) (local.get $out))
          (i32.store offset=24 (local.get $last) (i32.const 1))
          (i32.store offset=28 (local.get $last) (local.get $p))
          (i32.store offset=32 (local.get $last) (i32.add (local.get $nl) (i32.const 1)))
          (local.set $p (i32.add (local.get $nl) (i32.const 1)))
          (br $lines))
        ;; Another line: what the attempt wrote is dropped; it extends the last record if that is other lines.
        (local.set $out (local.get $lineOut))
        (local.set $nl (call $nextNewline (local.get $p)))
        (block $newOther
          (br_if $newOther (i32.lt_s (local.get $last) (i32.const 0)))
          (br_if $newOther (i32.ne (i32.load (local.get $last)) (i32.const 0)))
          (i32.store offset=8 (local.get $last) (i32.add (local.get $nl) (i32.const 1)))
          (local.set $p (i32.add (local.get $nl) (i32.const 1)))
          (br $lines))
        (local.set $last (i32.add (local.get $rec) (i32.shl (local.get $count) (i32.const 6))))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (i32.store (local.get $last) (i32.const 0))
        (i32.store offset=4 (local.get $last) (local.get $p))
        (i32.store offset=8 (local.get $last) (i32.add (local.get $nl) (i32.const 1)))
        (local.set $p (i32.add (local.get $nl) (i32.const 1)))
        (br $lines)))
    (local.get $count))
)
