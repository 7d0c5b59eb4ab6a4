;; The lean range loop of a search (src/snapshot/lean-range.ts, kernel side: range-kernel.ts). A query
;; of several common words reads every range of 128 docs: their bitmaps ANDed and counted, each doc
;; holding enough of the words bounded from its short length. A cold process runs that loop in
;; JavaScriptCore's interpreter; WebAssembly runs it compiled. The kernel only narrows: it decides
;; nothing near a tie (within SQLite's rounding of the pool's last fact it hands the range or the doc
;; to the JavaScript side), and every doc it emits is scored exactly there from its record.
;; Build: wasm/build-range-kernel.sh (wat2wasm, Debian's wabt).
;;
;; JavaScriptCore compiles a function again with its optimizing tier (OMG) once its loops and calls
;; have counted ~50,000, and at 100k facts (782 ranges) that compile cost about what the kernel saved
;; (docs/benchmarks.md, "Issue 36, sixth part"). So the loops per range are few: a range's 128 docs one
;; v128 per item (its four words counted at once), the arithmetic inline, no calls within a pool, a
;; doc's exact bound summed only when a cheaper one (its count of items times the largest part at its
;; length) does not already rule it out, and each pool in its own copy of $pool.
;; The range bounds a pass is ordered by are worked out here too ("bounds").
;;
;; Memory: the configuration at 0 (offsets below, written by range-kernel.ts), then the arrays it
;; names. Per item j and range r (index j*R + r): where the range's bitmap is in memory (-1: the item
;; has no doc there, or not as a bitmap), the item's largest tf (0: no doc there) and shortest doc there.
;;   0 n items        4 R ranges       8 order length    12 order (i32)    16 key by range (f64)
;;  20 starts (i32)  24 largest tf     28 shortest doc   32 idf by item    36 length terms (f64 x 256)
;;  40 short lengths (u8 per doc)      44 allowed docs (4 words a range, 0: all)
;;  48 ranges read for the own pool (u8, 0: none)
;;  52/56/60/64 pool A: its items (i32 list), how many, docs not to score (4 words a range, 0: none), out
;;  68/72/76/80 pool B (the own words' pool; 0 items: none)
;;  84/88 docs emitted for A/B   92 ranges read   96 ranges not all bitmaps (u8, 1: not lean)
;; 104 average length (f64)
;; Scratch from 128: the items here (i32 x 16), their parts sorted (f64 x 16 at 192), their bitmaps'
;; places (i32 x 16 at 320), largest tf (f64 x 16 at 384) and idf (f64 x 16 at 512); the docs to
;; bound (v128 at 640) and the count's four bit planes (v128 at 656, 672, 688, 704). Arrays from 1024.
(module
  (memory (export "memory") 1)

  ;; Each range's bound (range-lists.ts rangeBounds, the same float operations) into `out` (f64 by
  ;; range), 0 for those `done` marks (u8 by range): at 100k facts a cold process spends ~1 ms on it
  ;; in JavaScript for three common words, and the pass that follows reads every range here anyway.
  ;; An item is in a range when its largest tf there is not 0.
  (func (export "bounds") (param $done i32) (param $out i32)
    (local $n i32) (local $R i32) (local $r i32) (local $x i32) (local $m i32) (local $idx i32) (local $tf i32)
    (local $j i32) (local $i i32) (local $at i32) (local $norm f64) (local $sum f64) (local $best f64) (local $avgdl f64)
    (local.set $n (i32.load (i32.const 0)))
    (local.set $R (i32.load (i32.const 4)))
    (local.set $avgdl (f64.load (i32.const 104)))
    (block $end (loop $ranges
      (br_if $end (i32.ge_u (local.get $r) (local.get $R)))
      (local.set $best (f64.const 0))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $done) (local.get $r))))
        (then
          ;; The items here: largest tf (f64 at 384), shortest doc (i32 at 320), idf (f64 at 512).
          (local.set $m (i32.const 0))
          (local.set $x (i32.const 0))
          (block $gathered (loop $gather
            (br_if $gathered (i32.ge_u (local.get $x) (local.get $n)))
            (local.set $idx (i32.shl (i32.add (i32.mul (local.get $x) (local.get $R)) (local.get $r)) (i32.const 2)))
            (local.set $tf (i32.load (i32.add (i32.load (i32.const 24)) (local.get $idx))))
            (if (local.get $tf)
              (then
                (f64.store (i32.add (i32.const 384) (i32.shl (local.get $m) (i32.const 3))) (f64.convert_i32_u (local.get $tf)))
                (i32.store (i32.add (i32.const 320) (i32.shl (local.get $m) (i32.const 2)))
                  (i32.load (i32.add (i32.load (i32.const 28)) (local.get $idx))))
                (f64.store (i32.add (i32.const 512) (i32.shl (local.get $m) (i32.const 3)))
                  (f64.load (i32.add (i32.load (i32.const 32)) (i32.shl (local.get $x) (i32.const 3)))))
                (local.set $m (i32.add (local.get $m) (i32.const 1)))))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $gather)))
          ;; A doc holding the items whose shortest doc is at most item j's is at least that long.
          (local.set $j (i32.const 0))
          (block $sets_done (loop $sets
            (br_if $sets_done (i32.ge_u (local.get $j) (local.get $m)))
            (local.set $at (i32.load (i32.add (i32.const 320) (i32.shl (local.get $j) (i32.const 2)))))
            (if (i32.le_u (local.get $at) (i32.const 255))
              (then (local.set $norm (f64.load (i32.add (i32.load (i32.const 36)) (i32.shl (local.get $at) (i32.const 3))))))
              (else (local.set $norm (f64.mul (f64.const 1.2)
                (f64.add (f64.sub (f64.const 1) (f64.const 0.75))
                         (f64.div (f64.mul (f64.const 0.75) (f64.convert_i32_u (local.get $at))) (local.get $avgdl)))))))
            (local.set $sum (f64.const 0))
            (local.set $i (i32.const 0))
            (block $summed (loop $sum_items
              (br_if $summed (i32.ge_u (local.get $i) (local.get $m)))
              (if (i32.le_u (i32.load (i32.add (i32.const 320) (i32.shl (local.get $i) (i32.const 2)))) (local.get $at))
                (then (local.set $sum (f64.add (local.get $sum)
                  (f64.mul (f64.load (i32.add (i32.const 512) (i32.shl (local.get $i) (i32.const 3))))
                    (f64.div (f64.mul (f64.load (i32.add (i32.const 384) (i32.shl (local.get $i) (i32.const 3)))) (f64.add (f64.const 1.2) (f64.const 1.0)))
                             (f64.add (f64.load (i32.add (i32.const 384) (i32.shl (local.get $i) (i32.const 3)))) (local.get $norm))))))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $sum_items)))
            (if (f64.gt (local.get $sum) (local.get $best)) (then (local.set $best (local.get $sum))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $sets)))))
      (f64.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 3))) (local.get $best))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $ranges))))

  ;; One pool's docs of range r (its first doc: first) that could beat its last fact, into its out
  ;; list; returns how many. build-range-kernel.sh compiles two copies of this function, $poolA and
  ;; $poolB, one a pool: each counts towards its own tier-up, so neither reaches the optimizing
  ;; tier's threshold on a pass of ~800 ranges. A bound b clearly cannot beat a last fact's key k
  ;; when -b * SLACK > k + 1e-6 (pool-bounds.ts).
  (func $pool (param $r i32) (param $first i32) (param $list i32) (param $count i32) (param $last f64) (param $skip i32) (param $out i32) (result i32)
    (local $x i32) (local $j i32) (local $h i32) (local $at i32) (local $idx i32) (local $start i32)
    (local $tf f64) (local $idf f64) (local $norm f64) (local $part f64) (local $length i32)
    (local $idfMax f64) (local $tfMax f64) (local $least i32) (local $sum f64)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128) (local $carry v128) (local $t v128)
    (local $greater v128) (local $equal v128) (local $bits v128)
    (local $w i32) (local $word i32) (local $low i32) (local $shift i32) (local $o i32) (local $c i32)
    (local $bound f64) (local $emitted i32) (local $R i32) (local $avgdl f64)
    (local.set $R (i32.load (i32.const 4)))
    (local.set $avgdl (f64.load (i32.const 104)))
    (local.set $emitted (i32.const 0))
    (block $pool
      ;; The pool's items in the range, their parts at their largest tf and shortest doc, largest first.
      (local.set $h (i32.const 0))
      (local.set $x (i32.const 0))
      (local.set $idfMax (f64.const 0))
      (local.set $tfMax (f64.const 0))
      (block $items_done (loop $items
        (br_if $items_done (i32.ge_u (local.get $x) (local.get $count)))
        (local.set $j (i32.load (i32.add (local.get $list) (i32.shl (local.get $x) (i32.const 2)))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (local.set $idx (i32.shl (i32.add (i32.mul (local.get $j) (local.get $R)) (local.get $r)) (i32.const 2)))
        (local.set $start (i32.load (i32.add (i32.load (i32.const 20)) (local.get $idx))))
        (br_if $items (i32.lt_s (local.get $start) (i32.const 0)))
        (local.set $tf (f64.convert_i32_u (i32.load (i32.add (i32.load (i32.const 24)) (local.get $idx)))))
        (local.set $idf (f64.load (i32.add (i32.load (i32.const 32)) (i32.shl (local.get $j) (i32.const 3)))))
        (local.set $length (i32.load (i32.add (i32.load (i32.const 28)) (local.get $idx))))
        (local.set $norm (f64.mul (f64.const 1.2)
          (f64.add (f64.sub (f64.const 1) (f64.const 0.75))
                   (f64.div (f64.mul (f64.const 0.75) (f64.convert_i32_u (local.get $length))) (local.get $avgdl)))))
        (local.set $part (f64.mul (local.get $idf)
          (f64.div (f64.mul (local.get $tf) (f64.add (f64.const 1.2) (f64.const 1.0))) (f64.add (local.get $tf) (local.get $norm)))))
        (i32.store (i32.add (i32.const 320) (i32.shl (local.get $h) (i32.const 2))) (local.get $start))
        (f64.store (i32.add (i32.const 384) (i32.shl (local.get $h) (i32.const 3))) (local.get $tf))
        (f64.store (i32.add (i32.const 512) (i32.shl (local.get $h) (i32.const 3))) (local.get $idf))
        (if (f64.gt (local.get $idf) (local.get $idfMax)) (then (local.set $idfMax (local.get $idf))))
        (if (f64.gt (local.get $tf) (local.get $tfMax)) (then (local.set $tfMax (local.get $tf))))
        (local.set $at (local.get $h))
        (block $placed (loop $shift_up
          (br_if $placed (i32.eqz (local.get $at)))
          (br_if $placed (f64.ge (f64.load (i32.add (i32.const 184) (i32.shl (local.get $at) (i32.const 3)))) (local.get $part)))
          (f64.store (i32.add (i32.const 192) (i32.shl (local.get $at) (i32.const 3)))
            (f64.load (i32.add (i32.const 184) (i32.shl (local.get $at) (i32.const 3)))))
          (local.set $at (i32.sub (local.get $at) (i32.const 1)))
          (br $shift_up)))
        (f64.store (i32.add (i32.const 192) (i32.shl (local.get $at) (i32.const 3))) (local.get $part))
        (local.set $h (i32.add (local.get $h) (i32.const 1)))
        (br $items)))
      (br_if $pool (i32.eqz (local.get $h)))
      ;; Fewer than `least` items cannot beat the last fact, whichever they are; nor can all of them.
      (local.set $least (i32.const 1))
      (local.set $sum (f64.load (i32.const 192)))
      (block $enough (loop $more
        (br_if $enough (i32.ge_u (local.get $least) (local.get $h)))
        (br_if $enough (i32.eqz (f64.gt (f64.mul (f64.neg (local.get $sum)) (f64.const 1.000000001)) (f64.add (local.get $last) (f64.const 1e-6)))))
        (local.set $sum (f64.add (local.get $sum) (f64.load (i32.add (i32.const 192) (i32.shl (local.get $least) (i32.const 3))))))
        (local.set $least (i32.add (local.get $least) (i32.const 1)))
        (br $more)))
      (br_if $pool (i32.and (i32.eq (local.get $least) (local.get $h))
        (f64.gt (f64.mul (f64.neg (local.get $sum)) (f64.const 1.000000001)) (f64.add (local.get $last) (f64.const 1e-6)))))
      ;; Bit-sliced count of the items holding each doc (up to 15), the range's four words at once.
      (local.set $c0 (v128.const i32x4 0 0 0 0))
      (local.set $c1 (v128.const i32x4 0 0 0 0))
      (local.set $c2 (v128.const i32x4 0 0 0 0))
      (local.set $c3 (v128.const i32x4 0 0 0 0))
      (local.set $x (i32.const 0))
      (block $counted (loop $count_items
        (br_if $counted (i32.ge_u (local.get $x) (local.get $h)))
        (local.set $carry (v128.load align=1 (i32.load (i32.add (i32.const 320) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t (v128.xor (local.get $c0) (local.get $carry)))
        (local.set $carry (v128.and (local.get $carry) (local.get $c0)))
        (local.set $c0 (local.get $t))
        (local.set $t (v128.xor (local.get $c1) (local.get $carry)))
        (local.set $carry (v128.and (local.get $carry) (local.get $c1)))
        (local.set $c1 (local.get $t))
        (local.set $t (v128.xor (local.get $c2) (local.get $carry)))
        (local.set $carry (v128.and (local.get $carry) (local.get $c2)))
        (local.set $c2 (local.get $t))
        (local.set $c3 (v128.or (local.get $c3) (local.get $carry)))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $count_items)))
      ;; Those counted at least `least` times, bit by bit from the top.
      (local.set $greater (v128.const i32x4 0 0 0 0))
      (local.set $equal (v128.const i32x4 -1 -1 -1 -1))
      (if (i32.and (local.get $least) (i32.const 8))
        (then (local.set $equal (v128.and (local.get $equal) (local.get $c3))))
        (else (local.set $greater (v128.or (local.get $greater) (v128.and (local.get $equal) (local.get $c3))))
              (local.set $equal (v128.andnot (local.get $equal) (local.get $c3)))))
      (if (i32.and (local.get $least) (i32.const 4))
        (then (local.set $equal (v128.and (local.get $equal) (local.get $c2))))
        (else (local.set $greater (v128.or (local.get $greater) (v128.and (local.get $equal) (local.get $c2))))
              (local.set $equal (v128.andnot (local.get $equal) (local.get $c2)))))
      (if (i32.and (local.get $least) (i32.const 2))
        (then (local.set $equal (v128.and (local.get $equal) (local.get $c1))))
        (else (local.set $greater (v128.or (local.get $greater) (v128.and (local.get $equal) (local.get $c1))))
              (local.set $equal (v128.andnot (local.get $equal) (local.get $c1)))))
      (if (i32.and (local.get $least) (i32.const 1))
        (then (local.set $equal (v128.and (local.get $equal) (local.get $c0))))
        (else (local.set $greater (v128.or (local.get $greater) (v128.and (local.get $equal) (local.get $c0))))
              (local.set $equal (v128.andnot (local.get $equal) (local.get $c0)))))
      (local.set $bits (v128.or (local.get $greater) (local.get $equal)))
      (if (local.get $skip)
        (then (local.set $bits (v128.andnot (local.get $bits)
          (v128.load (i32.add (local.get $skip) (i32.shl (local.get $r) (i32.const 4))))))))
      (if (i32.load (i32.const 44))
        (then (local.set $bits (v128.and (local.get $bits)
          (v128.load (i32.add (i32.load (i32.const 44)) (i32.shl (local.get $r) (i32.const 4))))))))
      (br_if $pool (i32.eqz (v128.any_true (local.get $bits))))
      (v128.store (i32.const 640) (local.get $bits))
      (v128.store (i32.const 656) (local.get $c0))
      (v128.store (i32.const 672) (local.get $c1))
      (v128.store (i32.const 688) (local.get $c2))
      (v128.store (i32.const 704) (local.get $c3))
      (local.set $w (i32.const 0))
      (block $words_done (loop $words
        (br_if $words_done (i32.ge_u (local.get $w) (i32.const 4)))
        (local.set $word (i32.load (i32.add (i32.const 640) (i32.shl (local.get $w) (i32.const 2)))))
        (block $docs_done (loop $docs
          (br_if $docs_done (i32.eqz (local.get $word)))
          (local.set $low (i32.and (local.get $word) (i32.sub (i32.const 0) (local.get $word))))
          (local.set $word (i32.xor (local.get $word) (local.get $low)))
          (local.set $shift (i32.ctz (local.get $low)))
          (local.set $o (i32.add (i32.shl (local.get $w) (i32.const 5)) (local.get $shift)))
          (local.set $length (i32.load8_u (i32.add (i32.load (i32.const 40)) (i32.add (local.get $first) (local.get $o)))))
          (local.set $norm (f64.load (i32.add (i32.load (i32.const 36)) (i32.shl (local.get $length) (i32.const 3)))))
          ;; A cheap bound first: the doc's count of items, each at the largest idf and tf here.
          (local.set $at (i32.add (i32.const 656) (i32.shl (local.get $w) (i32.const 2))))
          (local.set $c (i32.or
            (i32.or (i32.and (i32.shr_u (i32.load (local.get $at)) (local.get $shift)) (i32.const 1))
                    (i32.shl (i32.and (i32.shr_u (i32.load offset=16 (local.get $at)) (local.get $shift)) (i32.const 1)) (i32.const 1)))
            (i32.or (i32.shl (i32.and (i32.shr_u (i32.load offset=32 (local.get $at)) (local.get $shift)) (i32.const 1)) (i32.const 2))
                    (i32.shl (i32.and (i32.shr_u (i32.load offset=48 (local.get $at)) (local.get $shift)) (i32.const 1)) (i32.const 3)))))
          (local.set $bound (f64.mul (f64.convert_i32_u (local.get $c))
            (f64.mul (local.get $idfMax)
              (f64.div (f64.mul (local.get $tfMax) (f64.add (f64.const 1.2) (f64.const 1.0))) (f64.add (local.get $tfMax) (local.get $norm))))))
          (br_if $docs (f64.gt (f64.mul (f64.neg (local.get $bound)) (f64.const 1.000000001)) (f64.add (local.get $last) (f64.const 1e-6))))
          ;; The doc's bound: each item it holds at the range's largest tf, at the doc's short length.
          (local.set $bound (f64.const 0))
          (local.set $x (i32.const 0))
          (block $summed (loop $sum_items
            (br_if $summed (i32.ge_u (local.get $x) (local.get $h)))
            (if (i32.and (local.get $low)
                  (i32.load (i32.add (i32.load (i32.add (i32.const 320) (i32.shl (local.get $x) (i32.const 2)))) (i32.shl (local.get $w) (i32.const 2)))))
              (then
                (local.set $tf (f64.load (i32.add (i32.const 384) (i32.shl (local.get $x) (i32.const 3)))))
                (local.set $bound (f64.add (local.get $bound)
                  (f64.mul (f64.load (i32.add (i32.const 512) (i32.shl (local.get $x) (i32.const 3))))
                    (f64.div (f64.mul (local.get $tf) (f64.add (f64.const 1.2) (f64.const 1.0))) (f64.add (local.get $tf) (local.get $norm))))))))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $sum_items)))
          (br_if $docs (f64.gt (f64.mul (f64.neg (local.get $bound)) (f64.const 1.000000001)) (f64.add (local.get $last) (f64.const 1e-6))))
          (i32.store (i32.add (local.get $out) (i32.shl (local.get $emitted) (i32.const 2))) (i32.add (local.get $first) (local.get $o)))
          (local.set $emitted (i32.add (local.get $emitted) (i32.const 1)))
          (br $docs)))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br $words))))
    (local.get $emitted))
  ;; end $pool

  ;; Reads order[from], order[from + 1]… while the ranges are bitmaps and their bounds clearly can
  ;; beat pool A's last fact (lastA; lastB: pool B's, +inf while it is not full). Returns 8 * i + what
  ;; stopped it at order[i]: 0 the end, 1 a bound that stops the reading, 2 a bound near the last fact
  ;; (the JavaScript side decides), 3 a range not all bitmaps, 4 docs emitted for range order[i].
  ;; `force`: order[from] is read without its bound checked (the JavaScript side decided).
  (func (export "run") (param $from i32) (param $lastA f64) (param $lastB f64) (param $force i32) (result i32)
    (local $i i32) (local $r i32) (local $key f64) (local $a i32) (local $b i32) (local $first i32)
    (local.set $i (local.get $from))
    (block $end (loop $ranges
      (br_if $end (i32.ge_u (local.get $i) (i32.load (i32.const 8))))
      (local.set $r (i32.load (i32.add (i32.load (i32.const 12)) (i32.shl (local.get $i) (i32.const 2)))))
      (if (i32.eqz (i32.and (local.get $force) (i32.eq (local.get $i) (local.get $from))))
        (then
          (local.set $key (f64.load (i32.add (i32.load (i32.const 16)) (i32.shl (local.get $r) (i32.const 3)))))
          (if (f64.gt (local.get $key) (f64.add (local.get $lastA) (f64.const 1e-6)))
            (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 1)))))
          (if (f64.ge (local.get $key) (f64.sub (local.get $lastA) (f64.const 1e-6)))
            (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 2)))))))
      (if (i32.load8_u (i32.add (i32.load (i32.const 96)) (local.get $r)))
        (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 3)))))
      (i32.store (i32.const 92) (i32.add (i32.load (i32.const 92)) (i32.const 1)))
      (local.set $first (i32.shl (local.get $r) (i32.const 7)))
      (local.set $a (call $poolA (local.get $r) (local.get $first) (i32.load (i32.const 52)) (i32.load (i32.const 56)) (local.get $lastA) (i32.load (i32.const 60)) (i32.load (i32.const 64))))
      (i32.store (i32.const 84) (local.get $a))
      (local.set $b (i32.const 0))
      (if (i32.load (i32.const 72))
        (then
          (local.set $b (call $poolB (local.get $r) (local.get $first) (i32.load (i32.const 68)) (i32.load (i32.const 72)) (local.get $lastB) (i32.load (i32.const 76)) (i32.load (i32.const 80))))
          (i32.store8 (i32.add (i32.load (i32.const 48)) (local.get $r)) (i32.const 1))))
      (i32.store (i32.const 88) (local.get $b))
      (if (i32.or (local.get $a) (local.get $b))
        (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 4)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $ranges)))
    (i32.shl (local.get $i) (i32.const 3)))
)
