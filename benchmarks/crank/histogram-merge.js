// RpcCompare's latency histograms merged across load clients, for crank's result scripts.
// rpccompare.yml embeds this file verbatim (onResultsCreating); a unit test keeps the two identical.
// Plain ECMAScript 5: crank's controller runs its scripts in Jint, without Node modules, zlib or base64.
//
// A histogram arrives as RpcCompare's "hdr1" text (src/LoadClient/Crank/HistogramText.cs, benchmarks/crank/README.md):
//   hdr1 UNITS_PER_MS LOWEST HIGHEST DIGITS TOTAL V:C V:C ...
// one V:C pair per non-empty bucket in ascending order, V the bucket's highest equivalent value (the first absolute,
// the others as differences), C its count. Histograms with the same four settings have the same buckets, so merging is
// adding counts by V, and a percentile is found exactly as HdrHistogram's GetValueAtPercentile finds it.

function rpccompareDecodeHistogram(text) {
  var fields = String(text).split(' ');
  if (fields[0] !== 'hdr1' || fields.length < 6) {
    throw new Error('not an hdr1 histogram: ' + String(text).substring(0, 40));
  }
  var histogram = { settings: fields.slice(1, 5).join(' '), unitsPerMs: Number(fields[1]), total: Number(fields[5]), values: [], counts: [] };
  var value = 0;
  var counted = 0;
  for (var i = 6; i < fields.length; i++) {
    var pair = fields[i].split(':');
    value += Number(pair[0]);
    histogram.values.push(value);
    histogram.counts.push(Number(pair[1]));
    counted += Number(pair[1]);
  }
  if (counted !== histogram.total) {
    throw new Error('hdr1 histogram counts ' + counted + ' values but says ' + histogram.total);
  }
  return histogram;
}

// The sum of several hdr1 texts (an array, or one text), as one decoded histogram.
function rpccompareMergeHistograms(texts) {
  if (typeof texts === 'string') {
    texts = [texts];
  }
  var settings = null;
  var unitsPerMs = 0;
  var countsByValue = {};
  var keys = [];
  for (var t = 0; t < texts.length; t++) {
    var histogram = rpccompareDecodeHistogram(texts[t]);
    if (settings === null) {
      settings = histogram.settings;
      unitsPerMs = histogram.unitsPerMs;
    } else if (histogram.settings !== settings) {
      throw new Error('histograms recorded with different settings cannot be merged: ' + settings + ' and ' + histogram.settings);
    }
    for (var i = 0; i < histogram.values.length; i++) {
      var key = String(histogram.values[i]);
      if (!countsByValue.hasOwnProperty(key)) {
        countsByValue[key] = 0;
        keys.push(histogram.values[i]);
      }
      countsByValue[key] += histogram.counts[i];
    }
  }
  keys.sort(function (a, b) { return a - b; });
  var merged = { settings: settings, unitsPerMs: unitsPerMs, total: 0, values: keys, counts: [] };
  for (var k = 0; k < keys.length; k++) {
    merged.counts.push(countsByValue[String(keys[k])]);
    merged.total += countsByValue[String(keys[k])];
  }
  return merged;
}

// HdrHistogram's GetValueAtPercentile: the first bucket whose running count reaches percentile% of the total
// (rounded to the nearest count, at least 1); its highest equivalent value, in the histogram's unit.
function rpccompareValueAtPercentile(histogram, percentile) {
  var requested = Math.min(percentile, 100);
  var countAtPercentile = Math.max(Math.floor(requested / 100 * histogram.total + 0.5), 1);
  var running = 0;
  for (var i = 0; i < histogram.values.length; i++) {
    running += histogram.counts[i];
    if (running >= countAtPercentile) {
      return histogram.values[i];
    }
  }
  throw new Error('percentile ' + percentile + ' not found in a histogram of ' + histogram.total + ' values');
}

// p50, p90, p99 and max of the merged histograms, in milliseconds.
function rpccompareMergedPercentiles(texts) {
  var merged = rpccompareMergeHistograms(texts);
  return {
    count: merged.total,
    p50: rpccompareValueAtPercentile(merged, 50) / merged.unitsPerMs,
    p90: rpccompareValueAtPercentile(merged, 90) / merged.unitsPerMs,
    p99: rpccompareValueAtPercentile(merged, 99) / merged.unitsPerMs,
    max: merged.values[merged.values.length - 1] / merged.unitsPerMs
  };
}

// For a crank job's results (benchmarks.jobs.<name>): every "<entry>/histogram" result that crank's "all" reduce made
// an array of two or more clients' texts replaces "<entry>/p50", "/p90", "/p99" and "/max" (crank's max across the
// clients) with the merged histogram's. With one client its own figures stand: they are exact already.
function rpccompareMergeJobResults(job) {
  var suffix = '/histogram';
  var metadata = job.metadata;
  for (var i = 0; i < metadata.length; i++) {
    var name = String(metadata[i].name);
    if (name.length <= suffix.length || name.substring(name.length - suffix.length) !== suffix) {
      continue;
    }
    var texts = job.results[name];
    if (texts === undefined || texts === null || typeof texts === 'string' || texts.length < 2) {
      continue;
    }
    var list = [];
    for (var t = 0; t < texts.length; t++) {
      list.push(String(texts[t]));
    }
    var prefix = name.substring(0, name.length - suffix.length);
    var merged = rpccompareMergedPercentiles(list);
    job.results[prefix + '/p50'] = merged.p50;
    job.results[prefix + '/p90'] = merged.p90;
    job.results[prefix + '/p99'] = merged.p99;
    job.results[prefix + '/max'] = merged.max;
  }
}
