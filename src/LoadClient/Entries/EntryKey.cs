using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>
/// A summary entry's identity: its stack and variant (a mix's kind is a variant of its own). Every file of the entry is
/// named from it here, so a trial's entry names its own files when it is built instead of having them patched later.
/// </summary>
public readonly record struct EntryKey(string Stack, string Variant)
{
    /// <summary>The entry's latency file: every trial's calls, trial 1 first.</summary>
    public string Latencies => ResultFileNames.Latencies(Stack, Variant);

    /// <summary>The histogram of every call of every trial.</summary>
    public string Histogram => ResultFileNames.Histogram(Stack, Variant);

    /// <summary>A trial's interval log (trial 1 has the plain name).</summary>
    public string IntervalLog(int trial) => ResultFileNames.IntervalLog(Stack, Variant, trial);

    /// <summary>Where a trial's recorder writes its latencies: trial 1 the entry's own file, a later one a file beside it
    /// that <see cref="EntryTrials"/> appends to the entry's and removes.</summary>
    public string TrialLatencies(int trial) => trial <= 1 ? Latencies : $"{Latencies}.trial{trial}";
}

/// <summary>
/// An entry's place in summary.json: the plan's order of its stack and variant, then its part (a mix's whole is part 0,
/// its kinds follow it), whatever order the trials measured them in.
/// </summary>
public readonly record struct EntryPlace(int Index, int Part) : IComparable<EntryPlace>
{
    public int CompareTo(EntryPlace other) => Index != other.Index ? Index.CompareTo(other.Index) : Part.CompareTo(other.Part);

    public static bool operator <(EntryPlace left, EntryPlace right) => left.CompareTo(right) < 0;

    public static bool operator >(EntryPlace left, EntryPlace right) => left.CompareTo(right) > 0;

    public static bool operator <=(EntryPlace left, EntryPlace right) => left.CompareTo(right) <= 0;

    public static bool operator >=(EntryPlace left, EntryPlace right) => left.CompareTo(right) >= 0;
}
