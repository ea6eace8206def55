namespace RpcCompare.LoadClient.Merging;

/// <summary>A measured window on the wall clock, as a client's interval log shows it: from its first interval's start to
/// its last interval's end.</summary>
internal readonly record struct MeasuredWindow(DateTimeOffset Start, DateTimeOffset End)
{
    public double Seconds => Math.Max(0, (End - Start).TotalSeconds);

    /// <summary>The window from <paramref name="start"/> to <paramref name="end"/> in Unix milliseconds (as IntervalLog
    /// stamps its intervals).</summary>
    public static MeasuredWindow OfUnixMilliseconds(long start, long end) =>
        new(DateTimeOffset.FromUnixTimeMilliseconds(start), DateTimeOffset.FromUnixTimeMilliseconds(end));

    /// <summary>From the earliest start to the latest end.</summary>
    public static MeasuredWindow Union(IReadOnlyCollection<MeasuredWindow> windows) =>
        new(windows.Min(w => w.Start), windows.Max(w => w.End));

    /// <summary>The time every window covers over the time any covers: 1 when they are the same, 0 when two of them do
    /// not meet.</summary>
    public static double Overlap(IReadOnlyCollection<MeasuredWindow> windows)
    {
        var union = Union(windows).Seconds;
        var common = (windows.Min(w => w.End) - windows.Max(w => w.Start)).TotalSeconds;
        return union > 0 ? Math.Max(0, common) / union : 1;
    }
}
