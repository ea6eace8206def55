using System.Diagnostics;

namespace RpcCompare.UnitTests.ServerCommon;

/// <summary>A timestamp source that moves only when the test moves it, at the Stopwatch's frequency.</summary>
internal sealed class ManualTimestamps : TimeProvider
{
    private long _now = 1_000;

    public override long TimestampFrequency => Stopwatch.Frequency;

    public override long GetTimestamp() => Volatile.Read(ref _now);

    public void Advance(TimeSpan by) => Interlocked.Add(ref _now, (long)(by.TotalSeconds * Stopwatch.Frequency));
}
