using System.Diagnostics;

namespace RpcCompare.UnitTests.Measurement;

/// <summary>Waits for a condition with a generous hang guard: tests assert what happens, never how fast.</summary>
internal static class Eventually
{
    public static async Task TrueAsync(Func<bool> condition, string what, int hangGuardSeconds = 60)
    {
        long start = Stopwatch.GetTimestamp();
        while (!condition())
        {
            if (Stopwatch.GetElapsedTime(start) > TimeSpan.FromSeconds(hangGuardSeconds))
            {
                throw new TimeoutException($"Gave up waiting for {what}.");
            }

            await Task.Delay(10);
        }
    }
}
