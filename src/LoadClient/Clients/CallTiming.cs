namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// What one call's answer cost on the client, beside its latency: the time spent turning its bytes into objects (decode)
/// and the time from its first byte to its last (receive), both in Stopwatch ticks. A load worker owns one, sets it as
/// <see cref="Current"/> once for its whole loop and resets it before each call, so the clients find it in their own
/// continuations (the decoders run in the call's async flow) without a parameter on <see cref="IGraphClient"/>, and a
/// call allocates nothing for it. Single writer: one call at a time per worker. Where no holder is set (tests,
/// equivalence checks) the clients measure nothing.
/// </summary>
public sealed class CallTiming
{
    private static readonly AsyncLocal<CallTiming?> Flow = new();

    private long _decodeTicks = NotMeasured;
    private long _firstByteAt = NotMeasured;
    private long _lastByteAt = NotMeasured;
    private long _decodeStartedAt = NotMeasured;

    public CallTiming() => Body = new TimedReadStream(this);

    /// <summary>A tick count or timestamp that was not taken.</summary>
    public const long NotMeasured = -1;

    /// <summary>The holder of the calls the current async flow makes; null where nothing is measured.</summary>
    public static CallTiming? Current
    {
        get => Flow.Value;
        set => Flow.Value = value;
    }

    /// <summary>Time spent decoding the answer (every message of a stream), or <see cref="NotMeasured"/>.</summary>
    public long DecodeTicks => _decodeTicks;

    /// <summary>Time from the answer's first byte to its last, or <see cref="NotMeasured"/> where the client does not see them.</summary>
    public long ReceiveTicks => _firstByteAt >= 0 && _lastByteAt >= _firstByteAt ? _lastByteAt - _firstByteAt : NotMeasured;

    /// <summary>The HTTP clients' reusable wrapper of a response body, which takes the time its reads spent waiting
    /// for bytes out of the decode.</summary>
    internal TimedReadStream Body { get; }

    /// <summary>Forgets the previous call.</summary>
    public void Reset()
    {
        _decodeTicks = NotMeasured;
        _firstByteAt = NotMeasured;
        _lastByteAt = NotMeasured;
        _decodeStartedAt = NotMeasured;
        Body.Detach();
    }

    /// <summary>Adds decoding time (a stream's messages add up).</summary>
    public void AddDecode(long ticks) => _decodeTicks = Math.Max(0, _decodeTicks) + Math.Max(0, ticks);

    /// <summary>A decode begins at <paramref name="timestamp"/>, for a client whose decoder starts and ends in two hooks.</summary>
    public void BeginDecode(long timestamp) => _decodeStartedAt = timestamp;

    /// <summary>The decode begun by <see cref="BeginDecode"/> ends at <paramref name="timestamp"/>; without a beginning, nothing.</summary>
    public void EndDecode(long timestamp)
    {
        if (_decodeStartedAt >= 0)
        {
            AddDecode(timestamp - _decodeStartedAt);
            _decodeStartedAt = NotMeasured;
        }
    }

    /// <summary>The answer's first byte (its headers) arrived at <paramref name="timestamp"/>; the first mark of a call stands.</summary>
    public void MarkFirstByte(long timestamp)
    {
        if (_firstByteAt < 0)
        {
            _firstByteAt = timestamp;
        }
    }

    /// <summary>The answer's bytes were all there at <paramref name="timestamp"/> (so far: a stream's last message wins).</summary>
    public void MarkLastByte(long timestamp) => _lastByteAt = timestamp;
}
