namespace RpcCompare.UnitTests.NetTcp;

/// <summary>Waits for something that happens on another thread (a log line, a channel state) to become true.</summary>
public static class Eventually
{
    public static async Task TrueAsync(Func<bool> condition)
    {
        // A guard against hanging only; the tests assert behaviour, not timing.
        for (var i = 0; i < 600 && !condition(); i++)
        {
            await Task.Delay(50);
        }

        Assert.True(condition(), "the condition did not become true");
    }
}
