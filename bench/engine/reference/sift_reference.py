"""Native reference for the alignment bench (bench only, never in the product): Debian's python3-opencv SIFT.

Reads one JSON job per line on stdin, answers one JSON line per job on stdout:
  {"op": "align", "left": L, "right": R, "out": PATH?}
      SIFT + Lowe ratio 0.8 + RANSAC of the engine's model (similarity fitted on vertical residuals only, minimal
      sample of 3, threshold 1 px), least-squares refit on the inliers. Answers the transform in the engine's
      convention (centred coordinates, right onto left) and the inliers' median |vertical residual|. With "out",
      writes the right view warped onto the left (PNG), so `measure` can judge it like the engine's output.
  {"op": "measure", "left": L, "right": R}
      The common yardstick for two aligned views: SIFT matches (ratio 0.8, mutual), gross outliers
      (|dy| > 4 px or |dx| beyond the image) dropped; answers median and p95 of |dy| and the count; also the
      median |dy| of all matches within 1/8 of the height (wideMedian) and the share of those within 1 px.
  {"op": "corners", "left": L, "right": R, "pattern": [COLUMNS, ROWS]}
      Ground truth where the views show a calibration chessboard: its inner corners found in both views
      (findChessboardCorners, refined to sub-pixel), corner i of one view matched to corner i of the other; answers
      median, p95 and max of their |dy|, the count, and the median of their x difference (dxMedian: the board's
      disparity, 0 when a wiggle's pivot is on it). SIFT's own matches cannot judge such a board: its corners
      are alike, so a match two squares off along a row counts as a match, while the true rows may be pixels apart.
"""
import json
import sys

import cv2
import numpy as np

SIFT = cv2.SIFT_create(nfeatures=8000)


def grey(path):
    image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ValueError(f"cannot read {path}")
    return image


def matches(a, b, ratio=0.8):
    ka, da = SIFT.detectAndCompute(a, None)
    kb, db = SIFT.detectAndCompute(b, None)
    if da is None or db is None or len(ka) < 3 or len(kb) < 3:
        return np.zeros((0, 2)), np.zeros((0, 2))
    matcher = cv2.BFMatcher(cv2.NORM_L2)
    fwd = matcher.knnMatch(da, db, k=2)
    back = {m[0].queryIdx: m[0].trainIdx for m in matcher.knnMatch(db, da, k=2) if len(m) == 2}
    pa, pb = [], []
    for pair in fwd:
        if len(pair) < 2:
            continue
        m, n = pair
        if m.distance < ratio * n.distance and back.get(m.trainIdx) == m.queryIdx:
            pa.append(ka[m.queryIdx].pt)
            pb.append(kb[m.trainIdx].pt)
    return np.array(pa, dtype=np.float64).reshape(-1, 2), np.array(pb, dtype=np.float64).reshape(-1, 2)


def fit_vertical(xr, yr, yl):
    # yl = b*xr + a*yr + ty
    design = np.stack([xr, yr, np.ones_like(xr)], axis=1)
    solution, *_ = np.linalg.lstsq(design, yl, rcond=None)
    b, a, ty = solution
    return a, b, ty


def align(job):
    a, b = grey(job["left"]), grey(job["right"])
    pl, pr = matches(a, b)
    n = len(pl)
    if n < 8:
        return {"ok": False, "reason": f"{n} matches"}
    cl = np.array([(a.shape[1] - 1) / 2, (a.shape[0] - 1) / 2])
    cr = np.array([(b.shape[1] - 1) / 2, (b.shape[0] - 1) / 2])
    xl, yl = (pl - cl).T
    xr, yr = (pr - cr).T
    rng = np.random.default_rng(7)
    best, best_count = None, -1
    for _ in range(4000):
        s = rng.choice(n, 3, replace=False)
        try:
            m = fit_vertical(xr[s], yr[s], yl[s])
        except np.linalg.LinAlgError:
            continue
        scale = np.hypot(m[0], m[1])
        if not (0.8 <= scale <= 1.25 and m[0] > 0):
            continue
        resid = np.abs(yl - (m[1] * xr + m[0] * yr + m[2]))
        count = int((resid < 1.0).sum())
        if count > best_count:
            best, best_count = m, count
    if best is None:
        return {"ok": False, "reason": "no model"}
    m = best
    for _ in range(3):
        resid = np.abs(yl - (m[1] * xr + m[0] * yr + m[2]))
        inl = resid < 1.0
        if inl.sum() < 3:
            break
        m = fit_vertical(xr[inl], yr[inl], yl[inl])
    resid = np.abs(yl - (m[1] * xr + m[0] * yr + m[2]))
    inl = resid < 1.0
    a_, b_, ty = m
    answer = {
        "ok": True,
        "rotationDeg": float(np.degrees(np.arctan2(b_, a_))),
        "scale": float(np.hypot(a_, b_)),
        "dy": float(ty),
        "matches": n,
        "inliers": int(inl.sum()),
        "inlierMedian": float(np.median(resid[inl])) if inl.any() else None,
    }
    if job.get("out"):
        # Right pixel q maps to left-frame p = A (q - cr) + cl + (0, ty); warpAffine wants right -> output.
        forward = np.array([[a_, -b_, 0.0], [b_, a_, ty]])
        forward[:, 2] += cl - forward[:, :2] @ cr
        colour = cv2.imread(job["right"], cv2.IMREAD_COLOR)
        warped = cv2.warpAffine(colour, forward, (a.shape[1], a.shape[0]), flags=cv2.INTER_LINEAR)
        cv2.imwrite(job["out"], warped)
    return answer


def measure(job):
    a, b = grey(job["left"]), grey(job["right"])
    if a.shape != b.shape:
        return {"ok": False, "reason": "sizes differ"}
    pl, pr = matches(a, b)
    dy = np.abs(pl[:, 1] - pr[:, 1])
    keep = dy <= 4
    if keep.sum() < 5:
        return {"ok": False, "reason": f"{int(keep.sum())} matches"}
    kept = dy[keep]
    # The gated median alone rewards leaving a whole region (a near board) far off: its matches drop out of the
    # gate. So also: the median over every match within an eighth of the height (only random mismatches beyond),
    # and the share of those within 1 px.
    wide = dy[dy <= a.shape[0] / 8]
    return {
        "ok": True,
        "median": float(np.median(kept)),
        "p95": float(np.percentile(kept, 95)),
        "count": int(keep.sum()),
        "wideMedian": float(np.median(wide)),
        "within1": float((wide <= 1).mean()),
        "wideCount": int(len(wide)),
    }


def board_corners(path, pattern):
    image = grey(path)
    found, corners = cv2.findChessboardCorners(image, pattern)
    if not found:
        return None
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 40, 0.001)
    return cv2.cornerSubPix(image, corners, (5, 5), (-1, -1), criteria).reshape(-1, 2)


def corners(job):
    pattern = tuple(job["pattern"])
    cl, cr = board_corners(job["left"], pattern), board_corners(job["right"], pattern)
    if cl is None or cr is None:
        return {"ok": False, "reason": "board not found"}
    # The detector may list one view's corners from the opposite end: the first-to-last direction tells.
    if np.dot(cl[-1] - cl[0], cr[-1] - cr[0]) < 0:
        cr = cr[::-1]
    dy = np.abs(cl[:, 1] - cr[:, 1])
    return {
        "ok": True,
        "median": float(np.median(dy)),
        "p95": float(np.percentile(dy, 95)),
        "max": float(dy.max()),
        "count": int(len(dy)),
        "dxMedian": float(np.median(cl[:, 0] - cr[:, 0])),
    }


OPS = {"align": align, "measure": measure, "corners": corners}

for line in sys.stdin:
    if not line.strip():
        continue
    job = json.loads(line)
    try:
        answer = OPS[job["op"]](job)
    except Exception as error:  # answer every job so the bench never hangs
        answer = {"ok": False, "reason": str(error)}
    print(json.dumps(answer), flush=True)
