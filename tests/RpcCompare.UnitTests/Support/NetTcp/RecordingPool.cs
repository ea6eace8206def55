using System.Buffers;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>The shared pool, recording the largest array asked of it and how many arrays are out.</summary>
internal sealed class RecordingPool : ArrayPool<byte>
{
    private int _largestRequest;
    private int _outstanding;

    public int LargestRequest => Volatile.Read(ref _largestRequest);

    public int Outstanding => Volatile.Read(ref _outstanding);

    public override byte[] Rent(int minimumLength)
    {
        var seen = Volatile.Read(ref _largestRequest);
        while (minimumLength > seen)
        {
            var previous = Interlocked.CompareExchange(ref _largestRequest, minimumLength, seen);
            if (previous == seen)
            {
                break;
            }

            seen = previous;
        }

        Interlocked.Increment(ref _outstanding);
        return Shared.Rent(minimumLength);
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        Interlocked.Decrement(ref _outstanding);
        Shared.Return(array, clearArray);
    }
}
