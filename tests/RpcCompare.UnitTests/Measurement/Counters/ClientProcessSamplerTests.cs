using System.Runtime.InteropServices;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Measurement.Counters;

[Collection(ProcessWideCollection.Name)]
public class ClientProcessSamplerTests
{
    [Fact]
    public void CpuTimeAndPeakWorkingSetCoverTheWindow()
    {
        const int size = 64 * 1024 * 1024;
        const int page = 4096;
        using var sampler = ClientProcessSampler.Start(TimeSpan.FromMilliseconds(10));
        var before = sampler.Current();

        // Native memory, so the pages are fresh: a managed array may reuse heap pages earlier tests left resident, and
        // then the working set does not move at all.
        var memory = Marshal.AllocHGlobal(size);
        try
        {
            for (var offset = 0; offset < size; offset += page)
            {
                Marshal.WriteByte(memory, offset, 1);
            }

            long checksum = 0;
            for (var round = 0; round < 20; round++)
            {
                for (var offset = 0; offset < size; offset += page)
                {
                    checksum += Marshal.ReadByte(memory, offset) + round;
                }
            }

            var usage = sampler.Stop();

            Assert.True(checksum > 0);
            Assert.True(usage.CpuTime > TimeSpan.Zero);
            Assert.True(usage.CpuPercent > 0);
            Assert.True(usage.PeakWorkingSetMb >= before.PeakWorkingSetMb + 60,
                $"peak {usage.PeakWorkingSetMb:N1} MB, {before.PeakWorkingSetMb:N1} MB before touching 64 MB");
            Assert.Same(usage, sampler.Stop());
        }
        finally
        {
            Marshal.FreeHGlobal(memory);
        }
    }
}
