using System.Xml;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class BindingSettingsTests
{
    [Fact]
    public void ExplicitReaderQuotasAreKeptAsSet()
    {
        var binding = new NetTcpBinding
        {
            ReaderQuotas = new XmlDictionaryReaderQuotas
            {
                MaxDepth = 32,
                MaxStringContentLength = 2_097_152,
                MaxArrayLength = 16_384,
                MaxNameTableCharCount = 16_384,
                MaxBytesPerRead = 4_096,
            },
        };

        var quotas = binding.Freeze().ReaderQuotas;

        Assert.Equal(
            (32, 2_097_152, 16_384, 16_384, 4_096),
            (quotas.MaxDepth, quotas.MaxStringContentLength, quotas.MaxArrayLength, quotas.MaxNameTableCharCount, quotas.MaxBytesPerRead));
    }

    /// <summary>As WCF does for buffered messages: quotas left at their defaults are relaxed, the ones set are kept.</summary>
    [Fact]
    public void QuotasLeftAtTheirDefaultsAreRelaxed()
    {
        var binding = new NetTcpBinding { ReaderQuotas = new XmlDictionaryReaderQuotas { MaxDepth = 32 } };

        var quotas = binding.Freeze().ReaderQuotas;

        Assert.Equal(32, quotas.MaxDepth);
        Assert.Equal(int.MaxValue, quotas.MaxStringContentLength);
        Assert.Equal(128, new NetTcpBinding().Freeze().ReaderQuotas.MaxDepth);
    }

    /// <summary>Why the WCF host no longer uses XmlDictionaryReaderQuotas.Max: it means a depth of int.MaxValue.</summary>
    [Fact]
    public void MaxQuotasLeaveDepthUnbounded() =>
        Assert.Equal(int.MaxValue, new NetTcpBinding { ReaderQuotas = XmlDictionaryReaderQuotas.Max }.Freeze().ReaderQuotas.MaxDepth);
}
