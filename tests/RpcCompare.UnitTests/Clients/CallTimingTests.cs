using System.Diagnostics;
using System.Text;
using System.Text.Json;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.UnitTests.Clients;

public sealed class CallTimingTests
{
    [Fact]
    public void ANewHolderHasMeasuredNothing()
    {
        var timing = new CallTiming();

        Assert.Equal(CallTiming.NotMeasured, timing.DecodeTicks);
        Assert.Equal(CallTiming.NotMeasured, timing.ReceiveTicks);
    }

    [Fact]
    public void AStreamsDecodesAddUpAndItsLastMessageEndsReceive()
    {
        var timing = new CallTiming();

        timing.MarkFirstByte(1_000);
        timing.MarkFirstByte(1_500);
        timing.AddDecode(30);
        timing.MarkLastByte(2_000);
        timing.AddDecode(12);
        timing.MarkLastByte(3_000);

        Assert.Equal(42, timing.DecodeTicks);
        Assert.Equal(2_000, timing.ReceiveTicks);
    }

    [Fact]
    public void ResetForgetsThePreviousCall()
    {
        var timing = new CallTiming();
        timing.MarkFirstByte(1);
        timing.MarkLastByte(5);
        timing.AddDecode(3);
        timing.BeginDecode(10);

        timing.Reset();
        timing.EndDecode(20);

        Assert.Equal(CallTiming.NotMeasured, timing.DecodeTicks);
        Assert.Equal(CallTiming.NotMeasured, timing.ReceiveTicks);
    }

    [Fact]
    public void ADecodeBetweenTwoHooksIsTheirDistance()
    {
        var timing = new CallTiming();

        timing.BeginDecode(100);
        timing.EndDecode(175);
        timing.EndDecode(300);

        Assert.Equal(75, timing.DecodeTicks);
    }

    [Fact]
    public async Task TheHolderFlowsIntoTheCallsContinuations()
    {
        var timing = new CallTiming();
        CallTiming.Current = timing;

        await Task.Run(async () =>
        {
            await Task.Yield();
            CallTiming.Current?.AddDecode(7);
        });

        Assert.Equal(7, timing.DecodeTicks);
    }

    [Fact]
    public async Task ReadsThatWaitForBytesAreCountedApartFromTheDecode()
    {
        var timing = new CallTiming();
        var json = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(Enumerable.Range(0, 1_000).ToArray()));
        var slow = new TrickleStream(json, chunk: 512, pause: TimeSpan.FromMilliseconds(20));

        var start = Stopwatch.GetTimestamp();
        var numbers = await JsonSerializer.DeserializeAsync<int[]>(timing.Body.Attach(slow));
        var total = Stopwatch.GetTimestamp() - start;
        var waited = timing.Body.Detach();

        Assert.Equal(1_000, numbers!.Length);
        Assert.True(slow.Pauses >= 2, $"{slow.Pauses} pauses");
        // Each pause is 20 ms; half of it is a bound no timer undercuts.
        Assert.True(waited >= slow.Pauses * Stopwatch.Frequency / 100, $"waited {waited} ticks over {slow.Pauses} pauses");
        Assert.InRange(waited, 0, total);
    }

    [Fact]
    public async Task EachReadMarksTheLastByteSoFar()
    {
        var timing = new CallTiming();
        timing.MarkFirstByte(Stopwatch.GetTimestamp());
        var body = timing.Body.Attach(new MemoryStream([1, 2, 3]));

        var buffer = new byte[8];
        while (await body.ReadAsync(buffer) > 0)
        {
        }
        timing.Body.Detach();

        Assert.True(timing.ReceiveTicks >= 0);
    }

    /// <summary>A body that hands out <c>chunk</c> bytes per read, each after an asynchronous pause.</summary>
    private sealed class TrickleStream(byte[] data, int chunk, TimeSpan pause) : Stream
    {
        private int _position;

        public int Pauses { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => data.Length;

        public override long Position
        {
            get => _position;
            set => throw new NotSupportedException();
        }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_position >= data.Length)
            {
                return 0;
            }
            Pauses++;
            await Task.Delay(pause, cancellationToken);
            var count = Math.Min(Math.Min(chunk, buffer.Length), data.Length - _position);
            data.AsMemory(_position, count).CopyTo(buffer);
            _position += count;
            return count;
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
