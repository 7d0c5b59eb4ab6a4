;; The lean range loop of a search (src/snapshot/lean-range.ts, kernel side: range-kernel.ts). A query
;; of several common words reads every range of 128 docs: their bitmaps ANDed and counted, each doc
;; holding enough of the words bounded from its short length. A cold process runs that loop in
;; JavaScriptCore's interpreter; WebAssembly runs it compiled. The kernel only narrows: it decides
;; nothing near a tie (within SQLite's rounding of the pool's last fact it hands the range or the doc
;; to the JavaScript side), and every doc it emits is scored exactly there from its record.
;; Build: wasm/build-range-kernel.sh (wat2wasm, Debian's wabt).
;;
;; Memory: the configuration at 0 (offsets below, written by range-kernel.ts), then the arrays it
;; names. Per item j and range r (index j*R + r): where the range's bitmap is in memory (-1: the item
;; has no doc there, -2: the range is not a bitmap), the item's largest tf and shortest doc there.
;;   0 n items        4 R ranges       8 order length    12 order (i32)    16 key by range (f64)
;;  20 starts (i32)  24 largest tf     28 shortest doc   32 idf by item    36 length terms (f64 x 256)
;;  40 short lengths (u8 per doc)      44 allowed docs (4 words a range, 0: all)
;;  48 ranges read for the own pool (u8, 0: none)
;;  52/56/60/64 pool A: its items (i32 list), how many, docs not to score (4 words a range, 0: none), out
;;  68/72/76/80 pool B (the own words' pool; 0 items: none)
;;  84/88 docs emitted for A/B   92 ranges read   104 average length (f64)
;;  128.. scratch: the items here (i32 x 16), their parts sorted (f64 x 16 at 192)
(module
  (memory (export "memory") 1)

  ;; bm25Part (bm25.ts): idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * length / avgdl)), the same float operations.
  (func $part (param $idf f64) (param $tf f64) (param $norm f64) (result f64)
    (f64.mul (local.get $idf)
      (f64.div (f64.mul (local.get $tf) (f64.add (f64.const 1.2) (f64.const 1.0)))
               (f64.add (local.get $tf) (local.get $norm)))))

  (func $norm (param $length f64) (result f64)
    (f64.mul (f64.const 1.2)
      (f64.add (f64.sub (f64.const 1) (f64.const 0.75))
               (f64.div (f64.mul (f64.const 0.75) (local.get $length)) (f64.load (i32.const 104))))))

  ;; Whether a bound clearly cannot beat the last fact's key (minus its score): beyond the rounding
  ;; step, as pool-bounds.ts SLACK widens it. Near it: not decided here (false).
  (func $cannot (param $bound f64) (param $last f64) (result i32)
    (f64.gt (f64.mul (f64.neg (local.get $bound)) (f64.const 1.000000001)) (f64.add (local.get $last) (f64.const 1e-6))))

  ;; One pool's docs of range r that could beat its last fact, into its out list; returns how many.
  (func $pool (param $r i32) (param $list i32) (param $count i32) (param $last f64) (param $skip i32) (param $out i32) (result i32)
    (local $x i32) (local $j i32) (local $h i32) (local $at i32) (local $idx i32) (local $part f64)
    (local $least i32) (local $sum f64) (local $w i32) (local $c0 i32) (local $c1 i32) (local $c2 i32) (local $c3 i32)
    (local $carry i32) (local $t i32) (local $greater i32) (local $equal i32) (local $bits i32) (local $low i32)
    (local $o i32) (local $bound f64) (local $length i32) (local $norm f64) (local $emitted i32) (local $R i32)
    (local $first i32) (local $words i32) (local $allow i32)
    (local.set $R (i32.load (i32.const 4)))
    (local.set $first (i32.shl (local.get $r) (i32.const 7)))
    ;; The pool's items in the range, their parts at their largest tf and shortest doc, largest first.
    (block $done (loop $items
      (br_if $done (i32.ge_u (local.get $x) (local.get $count)))
      (local.set $j (i32.load (i32.add (local.get $list) (i32.shl (local.get $x) (i32.const 2)))))
      (local.set $x (i32.add (local.get $x) (i32.const 1)))
      (local.set $idx (i32.shl (i32.add (i32.mul (local.get $j) (local.get $R)) (local.get $r)) (i32.const 2)))
      (br_if $items (i32.lt_s (i32.load (i32.add (i32.load (i32.const 20)) (local.get $idx))) (i32.const 0)))
      (local.set $part (call $part
        (f64.load (i32.add (i32.load (i32.const 32)) (i32.shl (local.get $j) (i32.const 3))))
        (f64.convert_i32_u (i32.load (i32.add (i32.load (i32.const 24)) (local.get $idx))))
        (call $norm (f64.convert_i32_u (i32.load (i32.add (i32.load (i32.const 28)) (local.get $idx)))))))
      (i32.store (i32.add (i32.const 128) (i32.shl (local.get $h) (i32.const 2))) (local.get $j))
      (local.set $at (local.get $h))
      (block $placed (loop $shift
        (br_if $placed (i32.eqz (local.get $at)))
        (br_if $placed (f64.ge (f64.load (i32.add (i32.const 184) (i32.shl (local.get $at) (i32.const 3)))) (local.get $part)))
        (f64.store (i32.add (i32.const 192) (i32.shl (local.get $at) (i32.const 3)))
          (f64.load (i32.add (i32.const 184) (i32.shl (local.get $at) (i32.const 3)))))
        (local.set $at (i32.sub (local.get $at) (i32.const 1)))
        (br $shift)))
      (f64.store (i32.add (i32.const 192) (i32.shl (local.get $at) (i32.const 3))) (local.get $part))
      (local.set $h (i32.add (local.get $h) (i32.const 1)))
      (br $items)))
    (if (i32.eqz (local.get $h)) (then (return (i32.const 0))))
    ;; Fewer than `least` items cannot beat the last fact, whichever they are; nor can all of them.
    (local.set $least (i32.const 1))
    (local.set $sum (f64.load (i32.const 192)))
    (block $enough (loop $more
      (br_if $enough (i32.ge_u (local.get $least) (local.get $h)))
      (br_if $enough (i32.eqz (call $cannot (local.get $sum) (local.get $last))))
      (local.set $sum (f64.add (local.get $sum) (f64.load (i32.add (i32.const 192) (i32.shl (local.get $least) (i32.const 3))))))
      (local.set $least (i32.add (local.get $least) (i32.const 1)))
      (br $more)))
    (if (i32.and (i32.eq (local.get $least) (local.get $h)) (call $cannot (local.get $sum) (local.get $last))) (then (return (i32.const 0))))
    (local.set $allow (i32.load (i32.const 44)))
    (local.set $w (i32.const 0))
    (block $words_done (loop $words
      (br_if $words_done (i32.ge_u (local.get $w) (i32.const 4)))
      ;; Bit-sliced count of the items holding each doc (up to 15).
      (local.set $c0 (i32.const 0)) (local.set $c1 (i32.const 0)) (local.set $c2 (i32.const 0)) (local.set $c3 (i32.const 0))
      (local.set $x (i32.const 0))
      (block $counted (loop $count_items
        (br_if $counted (i32.ge_u (local.get $x) (local.get $h)))
        (local.set $j (i32.load (i32.add (i32.const 128) (i32.shl (local.get $x) (i32.const 2)))))
        (local.set $carry (i32.load (i32.add
          (i32.load (i32.add (i32.load (i32.const 20)) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $R)) (local.get $r)) (i32.const 2))))
          (i32.shl (local.get $w) (i32.const 2)))))
        (local.set $t (i32.xor (local.get $c0) (local.get $carry)))
        (local.set $carry (i32.and (local.get $carry) (local.get $c0)))
        (local.set $c0 (local.get $t))
        (local.set $t (i32.xor (local.get $c1) (local.get $carry)))
        (local.set $carry (i32.and (local.get $carry) (local.get $c1)))
        (local.set $c1 (local.get $t))
        (local.set $t (i32.xor (local.get $c2) (local.get $carry)))
        (local.set $carry (i32.and (local.get $carry) (local.get $c2)))
        (local.set $c2 (local.get $t))
        (local.set $c3 (i32.or (local.get $c3) (local.get $carry)))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $count_items)))
      ;; Those counted at least `least` times, bit by bit from the top.
      (local.set $greater (i32.const 0))
      (local.set $equal (i32.const -1))
      (if (i32.and (local.get $least) (i32.const 8))
        (then (local.set $equal (i32.and (local.get $equal) (local.get $c3))))
        (else (local.set $greater (i32.or (local.get $greater) (i32.and (local.get $equal) (local.get $c3))))
              (local.set $equal (i32.and (local.get $equal) (i32.xor (local.get $c3) (i32.const -1))))))
      (if (i32.and (local.get $least) (i32.const 4))
        (then (local.set $equal (i32.and (local.get $equal) (local.get $c2))))
        (else (local.set $greater (i32.or (local.get $greater) (i32.and (local.get $equal) (local.get $c2))))
              (local.set $equal (i32.and (local.get $equal) (i32.xor (local.get $c2) (i32.const -1))))))
      (if (i32.and (local.get $least) (i32.const 2))
        (then (local.set $equal (i32.and (local.get $equal) (local.get $c1))))
        (else (local.set $greater (i32.or (local.get $greater) (i32.and (local.get $equal) (local.get $c1))))
              (local.set $equal (i32.and (local.get $equal) (i32.xor (local.get $c1) (i32.const -1))))))
      (if (i32.and (local.get $least) (i32.const 1))
        (then (local.set $equal (i32.and (local.get $equal) (local.get $c0))))
        (else (local.set $greater (i32.or (local.get $greater) (i32.and (local.get $equal) (local.get $c0))))
              (local.set $equal (i32.and (local.get $equal) (i32.xor (local.get $c0) (i32.const -1))))))
      (local.set $bits (i32.or (local.get $greater) (local.get $equal)))
      (if (local.get $skip)
        (then (local.set $bits (i32.and (local.get $bits) (i32.xor (i32.const -1)
          (i32.load (i32.add (local.get $skip) (i32.shl (i32.add (i32.shl (local.get $r) (i32.const 2)) (local.get $w)) (i32.const 2)))))))))
      (if (local.get $allow)
        (then (local.set $bits (i32.and (local.get $bits)
          (i32.load (i32.add (local.get $allow) (i32.shl (i32.add (i32.shl (local.get $r) (i32.const 2)) (local.get $w)) (i32.const 2))))))))
      (block $docs_done (loop $docs
        (br_if $docs_done (i32.eqz (local.get $bits)))
        (local.set $low (i32.and (local.get $bits) (i32.sub (i32.const 0) (local.get $bits))))
        (local.set $bits (i32.xor (local.get $bits) (local.get $low)))
        (local.set $o (i32.add (i32.shl (local.get $w) (i32.const 5)) (i32.ctz (local.get $low))))
        ;; The doc's bound: each item it holds at the range's largest tf, at the doc's short length.
        (local.set $length (i32.load8_u (i32.add (i32.load (i32.const 40)) (i32.add (local.get $first) (local.get $o)))))
        (local.set $norm (f64.load (i32.add (i32.load (i32.const 36)) (i32.shl (local.get $length) (i32.const 3)))))
        (local.set $bound (f64.const 0))
        (local.set $x (i32.const 0))
        (block $summed (loop $sum_items
          (br_if $summed (i32.ge_u (local.get $x) (local.get $h)))
          (local.set $j (i32.load (i32.add (i32.const 128) (i32.shl (local.get $x) (i32.const 2)))))
          (local.set $x (i32.add (local.get $x) (i32.const 1)))
          (local.set $idx (i32.shl (i32.add (i32.mul (local.get $j) (local.get $R)) (local.get $r)) (i32.const 2)))
          (br_if $sum_items (i32.eqz (i32.and (local.get $low)
            (i32.load (i32.add (i32.load (i32.add (i32.load (i32.const 20)) (local.get $idx))) (i32.shl (local.get $w) (i32.const 2)))))))
          (local.set $bound (f64.add (local.get $bound) (call $part
            (f64.load (i32.add (i32.load (i32.const 32)) (i32.shl (local.get $j) (i32.const 3))))
            (f64.convert_i32_u (i32.load (i32.add (i32.load (i32.const 24)) (local.get $idx))))
            (local.get $norm))))
          (br $sum_items)))
        (br_if $docs (call $cannot (local.get $bound) (local.get $last)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $emitted) (i32.const 2))) (i32.add (local.get $first) (local.get $o)))
        (local.set $emitted (i32.add (local.get $emitted) (i32.const 1)))
        (br $docs)))
      (local.set $w (i32.add (local.get $w) (i32.const 1)))
      (br $words)))
    (local.get $emitted))

  ;; Reads order[from], order[from + 1]… while the ranges are bitmaps and their bounds clearly can
  ;; beat pool A's last fact (lastA; lastB: pool B's, +inf while it is not full). Returns 8 * i + what
  ;; stopped it at order[i]: 0 the end, 1 a bound that stops the reading, 2 a bound near the last fact
  ;; (the JavaScript side decides), 3 a range not all bitmaps, 4 docs emitted for range order[i].
  ;; `force`: order[from] is read without its bound checked (the JavaScript side decided).
  (func (export "run") (param $from i32) (param $lastA f64) (param $lastB f64) (param $force i32) (result i32)
    (local $i i32) (local $r i32) (local $key f64) (local $j i32) (local $n i32) (local $R i32) (local $a i32) (local $b i32)
    (local.set $n (i32.load (i32.const 0)))
    (local.set $R (i32.load (i32.const 4)))
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
      (local.set $j (i32.const 0))
      (block $lean (loop $items
        (br_if $lean (i32.ge_u (local.get $j) (local.get $n)))
        (if (i32.eq (i32.load (i32.add (i32.load (i32.const 20)) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $R)) (local.get $r)) (i32.const 2)))) (i32.const -2))
          (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 3)))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $items)))
      (i32.store (i32.const 92) (i32.add (i32.load (i32.const 92)) (i32.const 1)))
      (local.set $a (call $pool (local.get $r) (i32.load (i32.const 52)) (i32.load (i32.const 56)) (local.get $lastA) (i32.load (i32.const 60)) (i32.load (i32.const 64))))
      (i32.store (i32.const 84) (local.get $a))
      (local.set $b (i32.const 0))
      (if (i32.load (i32.const 72))
        (then
          (local.set $b (call $pool (local.get $r) (i32.load (i32.const 68)) (i32.load (i32.const 72)) (local.get $lastB) (i32.load (i32.const 76)) (i32.load (i32.const 80))))
          (i32.store8 (i32.add (i32.load (i32.const 48)) (local.get $r)) (i32.const 1))))
      (i32.store (i32.const 88) (local.get $b))
      (if (i32.or (local.get $a) (local.get $b))
        (then (return (i32.add (i32.shl (local.get $i) (i32.const 3)) (i32.const 4)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $ranges)))
    (i32.shl (local.get $i) (i32.const 3)))
)
