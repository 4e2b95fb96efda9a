"""P-256 arithmetic and the proofs of manni.sealed against published values."""
from __future__ import annotations

import pytest

from manni.sealed import curve
from manni.sealed.curve import G, N, FixedBase, mul, mul2, mul_g
from manni.sealed.elgamal import card_of, card_point, open_deck, random_permutation, remask, unlock
from manni.sealed.errors import SealedError
from manni.sealed.proofs import Context, check_key, prove_key, prove_share, share_valid

# k·G on NIST P-256: the test vectors of http://point-at-infinity.org/ecc/nisttv (as
# libgcrypt's tests/t-mpi-point.c copies them).
VECTORS = [
    (1, "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
     "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"),
    (2, "7CF27B188D034F7E8A52380304B51AC3C08969E277F21B35A60B48FC47669978",
     "07775510DB8ED040293D9AC69F7430DBBA7DADE63CE982299E04B79D227873D1"),
    (3, "5ECBE4D1A6330A44C8F7EF951D4BF165E6C6B721EFADA985FB41661BC6E7FD6C",
     "8734640C4998FF7E374B06CE1A64A2ECD82AB036384FB83D9A79B127A27D5032"),
    (20, "83A01A9378395BAB9BCD6A0AD03CC56D56E6B19250465A94A234DC4C6B28DA9A",
     "76E49B6DE2F73234AE6A5EB9D612B75C9F2202BB6923F54FF8240AAA86F640B8"),
    (112233445566778899, "339150844EC15234807FE862A86BE77977DBFB3AE3D96F4C22795513AEAAB82F",
     "B1C14DDFDC8EC1B2583F51E85A5EB3A155840F2034730E9B5ADA38B674336A21"),
    (112233445566778899112233445566778899,
     "1B7E046A076CC25E6D7FA5003F6729F665CC3241B5ADAB12B498CD32F2803264",
     "BFEA79BE2B666B073DB69A2A241ADAB0738FE9D2DD28B5604EB8C8CF097C457B"),
    (29852220098221261079183923314599206100666902414330245206392788703677545185283,
     "9EACE8F4B071E677C5350B02F2BB2B384AAE89D58AA72CA97A170572E0FB222F",
     "1BBDAEC2430B09B93F7CB08678636CE12EAAFD58390699B5FD2F6E1188FC2A78"),
    (57896042899961394862005778464643882389978449576758748073725983489954366354431,
     "878F22CC6DB6048D2B767268F22FFAD8E56AB8E2DC615F7BD89F1E350500DD8D",
     "714A5D7BB901C9C5853400D12341A892EF45D87FC553786756C4F0C9391D763E"),
    (115792089210356248762697446949407573529996955224135760342422259061068512044349,  # N-20
     "83A01A9378395BAB9BCD6A0AD03CC56D56E6B19250465A94A234DC4C6B28DA9A",
     "891B64911D08CDCC5195A14629ED48A360DDFD4596DC0AB007DBF5557909BF47"),
]


@pytest.mark.parametrize("k,x,y", VECTORS, ids=[str(v[0])[:12] for v in VECTORS])
def test_k_times_g_matches_the_published_vectors(k, x, y):
    want = (int(x, 16), int(y, 16))
    assert mul(k, G) == want
    assert mul_g(k) == want
    assert curve.on_curve(want)


def test_group_laws():
    a, b = mul_g(12345), mul_g(67890)
    assert curve.add(a, b) == mul_g(12345 + 67890)
    assert curve.add(a, curve.neg(a)) is None
    assert curve.add(a, a) == mul(2, a)
    assert mul(N, G) is None and mul_g(N) is None and mul(0, a) is None
    assert mul(N - 1, G) == curve.neg(G)
    assert mul2(7, a, 11, b) == curve.add(mul(7, a), mul(11, b))
    table = FixedBase(b)
    assert table.mul(987654321) == mul(987654321, b)
    assert curve.fixed_sum([(3, curve.base_table()), (5, table)]) == curve.add(mul_g(3), mul(5, b))


def test_compressed_points_round_trip_and_bad_ones_are_refused():
    for k in (1, 2, 3, 20, N - 1):
        pt = mul_g(k)
        data = curve.encode_point(pt)
        assert len(data) == 33 and data[0] in (2, 3)
        assert curve.decode_point(data) == pt
    assert curve.encode_point(None) == b"\x00" and curve.decode_point(b"\x00") is None
    assert curve.encode_point(G).hex() == "03" + VECTORS[0][1].lower()  # Gy is odd
    for bad in ("04" + "00" * 32, "02" + "ff" * 32, "02" + "00" * 31, "zz" * 33):
        with pytest.raises(SealedError):
            curve.point_of_hex(bad)
    # the first x with no point on P-256 (x³ - 3x + b not a square mod p)
    x = next(x for x in range(100)
             if pow((x ** 3 - 3 * x + curve.B) % curve.P, (curve.P - 1) // 2, curve.P) != 1)
    with pytest.raises(SealedError):
        curve.decode_point(b"\x02" + x.to_bytes(32, "big"))
    with pytest.raises(SealedError):
        curve.scalar_of_hex(f"{N:064x}")


def test_random_scalars_and_permutations_come_out_in_range():
    ks = {curve.random_scalar() for _ in range(50)}
    assert len(ks) == 50 and all(0 < k < N for k in ks)
    perm = random_permutation(52)
    assert sorted(perm) == list(range(52))


def test_schnorr_proof_binds_the_key_to_its_table_deal_and_seat():
    x = curve.random_scalar()
    y = mul_g(x)
    ctx = Context("a" * 32, 3, 1)
    proof = prove_key(x, y, ctx)
    check_key(y, proof, ctx)
    for other in (Context("b" * 32, 3, 1), Context("a" * 32, 4, 1), Context("a" * 32, 3, 2)):
        with pytest.raises(SealedError):
            check_key(y, proof, other)
    # a rogue key (another seat's key negated plus one's own) has no proof
    with pytest.raises(SealedError):
        check_key(curve.add(y, mul_g(5)), proof, ctx)


def test_chaum_pedersen_share_proof():
    x = curve.random_scalar()
    y = mul_g(x)
    ctx = Context("a" * 32, 1, 0)
    h = mul_g(curve.random_scalar())
    d = mul(x, h)
    proof = prove_share(x, y, h, d, ctx)
    assert share_valid(y, h, d, proof, ctx)
    assert share_valid(y, h, d, proof, ctx, FixedBase(y))
    assert not share_valid(y, h, curve.add(d, G), proof, ctx)
    assert not share_valid(y, h, d, proof, Context("a" * 32, 2, 0))
    wrong = prove_share(x + 1, y, h, mul(x + 1, h), ctx)  # a share made with another key
    assert not share_valid(y, h, mul(x + 1, h), wrong, ctx)


def test_elgamal_locks_and_opens_cards_under_a_joint_key():
    xs = [curve.random_scalar() for _ in range(3)]
    joint = FixedBase(curve.add_all(mul_g(x) for x in xs))
    cards = [0, 13, 51]
    deck = open_deck(cards)
    deck = remask(deck, [2, 0, 1], [curve.random_scalar() for _ in cards], joint)
    assert [card_of(unlock(c, [mul(x, c[0]) for x in xs]), cards) for c in deck] == [51, 0, 13]
    # without one seat's share the card does not open
    assert card_of(unlock(deck[0], [mul(x, deck[0][0]) for x in xs[1:]]), cards) is None
    assert card_point(0) == G


def test_one_proof_for_many_shares_fails_if_any_share_is_false():
    from manni.sealed.proofs import prove_shares, shares_valid
    x = curve.random_scalar()
    y = mul_g(x)
    ctx = Context("a" * 32, 1, 2)
    pairs = [(h, mul(x, h)) for h in (mul_g(curve.random_scalar()) for _ in range(6))]
    proof = prove_shares(x, y, pairs, ctx)
    assert shares_valid(y, pairs, proof, ctx) and shares_valid(y, pairs, proof, ctx, FixedBase(y))
    wrong = list(pairs)
    wrong[4] = (wrong[4][0], curve.add(wrong[4][1], G))
    assert not shares_valid(y, wrong, proof, ctx)
    assert not shares_valid(y, pairs[::-1], proof, ctx)  # each share is bound to its card
    assert not shares_valid(y, pairs, proof, Context("a" * 32, 2, 2))
    assert curve.msm([(3, G), (5, pairs[0][0])]) == curve.add(mul_g(3), mul(5, pairs[0][0]))


def test_the_sealed_package_draws_randomness_from_os_urandom_only():
    import ast

    from engine_support import ROOT
    used = {}
    for path in (ROOT / "manni" / "sealed").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                 for a in n.names}
        names |= {(n.module or "").split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, ast.ImportFrom) and not n.level}
        calls = {ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        used[path.name] = (names & {"random", "secrets", "js", "time"},
                           {c for c in calls if c == "print" or c.startswith("os.")})
    assert {name: u for name, u in used.items() if u[0]} == {}
    assert {c for _, calls in used.values() for c in calls} == {"os.urandom"}
